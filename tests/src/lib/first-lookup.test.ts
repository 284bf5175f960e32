// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_LOOKUP_ELEMENT_ID, type FirstLookup } from '../../../src/domain/registration-lookup';
import { readFirstLookup, rendersServerScreen } from '../../../src/lib/first-lookup';
import { saveProgress } from '../../../src/lib/session-store';
import { completedRegistration, openRegistration } from '../../support/profile.paths';

/** The page as the server sends it for `/?id=code-open` (decision 016), with `lookup` in it. */
function servePage(lookup: FirstLookup | null, rootMarkup = '') {
  history.replaceState(null, '', '/?id=code-open');
  document.head.innerHTML = lookup
    ? `<script id="${FIRST_LOOKUP_ELEMENT_ID}" type="application/json">${JSON.stringify(lookup)}</script>`
    : '';
  document.body.innerHTML = `<div id="root">${rootMarkup}</div>`;
  return document.getElementById('root')!;
}

const { token: _, ...withoutCode } = openRegistration;

describe('the lookup the page came with', () => {
  beforeEach(() => sessionStorage.clear());

  it('answers for the code in the address only, with the code put back, and once', () => {
    servePage({ kind: 'found', registration: withoutCode });
    const firstLookup = readFirstLookup();
    expect(firstLookup.answerFor('another-code')).toBeNull();
    expect(firstLookup.answerFor('code-open')).toEqual({
      kind: 'found',
      registration: { ...withoutCode, token: 'code-open' },
    });
    firstLookup.used();
    expect(firstLookup.answerFor('code-open')).toBeNull();
  });

  it('is none in a page without one, or with one mangled on its way', () => {
    servePage(null);
    expect(readFirstLookup().answerFor('code-open')).toBeNull();
    servePage(null);
    document.head.innerHTML = `<script id="${FIRST_LOOKUP_ELEMENT_ID}" type="application/json">{"kind":</script>`;
    expect(readFirstLookup().answerFor('code-open')).toBeNull();
  });

  it('lets the app take over the server’s form only when its first screen is that same form', () => {
    const root = servePage({ kind: 'found', registration: withoutCode }, '<form></form>');
    expect(rendersServerScreen(root, readFirstLookup())).toBe(true);

    // Progress typed in this tab for the code comes back instead, so the app renders afresh.
    saveProgress({ token: 'code-open', registration: openRegistration });
    expect(rendersServerScreen(root, readFirstLookup())).toBe(false);
    sessionStorage.clear();

    const { token: __, ...used } = completedRegistration;
    const usedRoot = servePage({ kind: 'found', registration: used });
    expect(rendersServerScreen(usedRoot, readFirstLookup())).toBe(false);
    expect(rendersServerScreen(servePage({ kind: 'refused' }), readFirstLookup())).toBe(false);
  });
});
