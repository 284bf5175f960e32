import { createContext } from 'react';
import type { LookupOutcome } from '../../../machines/profile/profile.types';

/** Where the home page finds the lookup's answer the page came with (decision 016). */
export interface FirstLookupSource {
  /** The answer for `token` if the page was served with one for it and it has not been used. */
  answerFor(token: string | null): LookupOutcome | null;
  /** It was the first screen's: a later visit to the code in this tab (back from thank-you) asks the server again. */
  used(): void;
}

export const noFirstLookup: FirstLookupSource = { answerFor: () => null, used: () => {} };

export const FirstLookupContext = createContext<FirstLookupSource>(noFirstLookup);
