import { useSyncExternalStore } from 'react';
import type { Language } from '../domain/language';
import { currentLanguage, subscribeToLanguage } from './i18n';

/** The language shown; the component renders again when the customer switches. */
export const useLanguage = (): Language => useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
