import type { Language } from './language';
import type { Registration } from './registration';
import type { RuntimeConfig } from './runtime-config';

/** The element of index.html that carries the server's answer to the code in the page's address (decision 016). */
export const FIRST_LOOKUP_ELEMENT_ID = 'club-first-lookup';

/** What `GET /api/registration-tokens/:token` answers about a code: its registration, or a refusal. */
export type LookupOutcome<R = Registration> = { kind: 'found'; registration: R } | { kind: 'refused' };

/**
 * The same answer, looked up while the page was served and written into it (decision 016). The code itself is never
 * written into the page: the client has it from the address.
 */
export type FirstLookup = LookupOutcome<Omit<Registration, 'token'>>;

/**
 * The first screen's HTML for a page served with a found registration: `path` is the page's (with its `?id=`), and
 * `token` the code the answer is for, in the customer's `language`. What `npm run build` puts in dist/ssr/entry-server.js for the server to call.
 */
export type FirstScreenRender = (
  path: string,
  token: string,
  lookup: Extract<FirstLookup, { kind: 'found' }>,
  language: Language,
) => string;

/** The module dist/ssr/entry-server.js. */
export interface FirstScreenModule {
  createFirstScreenRender: (config: RuntimeConfig) => FirstScreenRender;
}
