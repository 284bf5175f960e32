import { createContext } from 'react';
import type { FirstLookupSource } from '../../lib/first-lookup';

export const noFirstLookup: FirstLookupSource = { answerFor: () => null, used: () => {} };

export const FirstLookupContext = createContext<FirstLookupSource>(noFirstLookup);
