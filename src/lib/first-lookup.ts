import type { LookupOutcome } from '../../src/domain/registration-lookup';
import { FIRST_LOOKUP_ELEMENT_ID, type FirstLookup } from '../domain/registration-lookup';
import { loadProgress } from './session-store';

/** Where the home page finds the lookup's answer the page came with (decision 016). */
export interface FirstLookupSource {
  /** The answer for `token` if the page was served with one for it and it has not been used. */
  answerFor(token: string | null): LookupOutcome | null;
  /** It was the first screen's: a later visit to the code in this tab (back from thank-you) asks the server again. */
  used(): void;
}

/** The code the page was served for: the answer in it is for this code only. */
const servedToken = () => new URLSearchParams(location.search).get('id');

function embeddedAnswer(): FirstLookup | null {
  const text = document.getElementById(FIRST_LOOKUP_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as FirstLookup) : null;
  } catch {
    // A page mangled on its way: the client asks the server itself, as it does for a page without an answer.
    return null;
  }
}

/** The lookup's answer the server put in the page (decision 016), once, for the code it was served for. */
export function readFirstLookup(): FirstLookupSource {
  const token = servedToken();
  let answer = token ? embeddedAnswer() : null;
  return {
    answerFor: (asked) => {
      if (!answer || !token || asked !== token) return null;
      return answer.kind === 'found' ? { kind: 'found', registration: { ...answer.registration, token } } : answer;
    },
    used: () => {
      answer = null;
    },
  };
}

/**
 * Whether the browser's first render is the one the server made, so the page can hydrate it: the server renders
 * the form of a found registration, and the browser does too unless this tab holds progress typed for the code.
 */
export function rendersServerScreen(root: HTMLElement, firstLookup: FirstLookupSource): boolean {
  const token = servedToken();
  const answer = firstLookup.answerFor(token);
  return (
    root.hasChildNodes() && answer?.kind === 'found' && !answer.registration.isCompleted && loadProgress(token) === null
  );
}
