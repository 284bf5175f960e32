// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine, progressOf } from '../../../machines/profile/profile.machine';
import type { SubmitOutcome, SubmitRequest } from '../../../machines/profile/profile.types';
import type { LookupOutcome } from '../../../src/domain/registration-lookup';
import type { Registration } from '../../../src/domain/registration';
import {
  clearProgress,
  loadCompletion,
  loadProgress,
  saveCompletion,
  saveCustomerId,
  saveProgress,
} from '../../../src/lib/session-store';
import { completedRegistration, createdCustomer, openRegistration, savedProfile } from '../../support/profile.paths';

/** Everything the tab keeps, as one string: what someone with the phone in hand could read. */
function storedText(): string {
  const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)!);
  return keys.map((key) => `${key}=${sessionStorage.getItem(key)}`).join('\n');
}

/** What must be gone once the profile is done: the code, the number, the previous profile. */
function expectNothingPersonal() {
  const text = storedText();
  expect(text).not.toContain(openRegistration.token);
  expect(text).not.toContain('0143');
  for (const field of ['profile', 'mobileNumber', 'token', 'firstName', 'email', 'address', 'postalCode']) {
    expect(text).not.toContain(`"${field}"`);
  }
  for (const value of [savedProfile.firstName, savedProfile.email, savedProfile.address, savedProfile.postalCode]) {
    expect(text).not.toContain(value);
  }
}

/** The profile flow wired to session storage the way the home page wires it. */
function startProfile(lookedUp: Registration) {
  return createActor(
    profileMachine.provide({
      actors: {
        fetchRegistration: fromPromise<LookupOutcome, { token: string }>(() =>
          Promise.resolve({ kind: 'found', registration: lookedUp }),
        ),
        submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() =>
          Promise.resolve({ kind: 'created', customer: createdCustomer }),
        ),
      },
      actions: {
        saveProgress: ({ context }) => saveProgress(progressOf(context)),
        clearProgress: () => clearProgress(),
        rememberCompletion: (_, completion) => saveCompletion(completion),
      },
    }),
    { input: { token: lookedUp.token } },
  ).start();
}

const membership = { planName: openRegistration.planName, rechargeDate: openRegistration.rechargeDate };

describe('session storage after the profile is done', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps only the plan, its renewal date and the customer id after a returning member submits', async () => {
    const actor = startProfile(openRegistration);
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    actor.send({ type: 'field.changed', field: 'isAgreedToTerms', value: true });
    // While editing, the typed form is kept for a reload: the check below would see it if it stayed.
    expect(storedText()).toContain(savedProfile.email);
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('completed'));

    expect(Object.keys(sessionStorage)).toEqual(['club-profile:completion']);
    expectNothingPersonal();
    expect(loadCompletion()).toEqual({ membership, customerId: createdCustomer.id });
  });

  it('keeps only the same three things when the code looked up was already completed', async () => {
    const actor = startProfile(completedRegistration);
    await waitFor(actor, (s) => s.matches('completed'));

    expectNothingPersonal();
    expect(loadCompletion()).toEqual({ membership, customerId: completedRegistration.customerId });
  });

  it('writes only the named fields, even when handed a whole registration', () => {
    // TypeScript lets a wider object through without a cast: only saveCompletion itself can stop it.
    const overWide = { ...openRegistration, membership: openRegistration, customerId: 'c-1' };
    saveCompletion(overWide);

    expectNothingPersonal();
    expect(loadCompletion()).toEqual({ membership, customerId: 'c-1' });
  });

  it('drops an entry it cannot read, such as the older shape that held the whole registration', () => {
    sessionStorage.setItem(
      'club-profile:completion',
      JSON.stringify({ registration: openRegistration, customerId: 'c-1' }),
    );

    expect(loadCompletion()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("keeps the plan when the survey stores a link's customer id", () => {
    saveCompletion({ membership, customerId: null });
    saveCustomerId('c-from-link');
    expect(loadCompletion()).toEqual({ membership, customerId: 'c-from-link' });
  });

  it('stores a customer id with no plan when the session completed nothing', () => {
    saveCustomerId('c-from-link');
    expect(loadCompletion()).toEqual({ membership: null, customerId: 'c-from-link' });
  });
});

describe('progress in session storage', () => {
  beforeEach(() => sessionStorage.clear());

  const progress = { token: 'code-open', form: { firstName: 'Rosa' } };

  it('gives back what was saved, for the code it was typed for', () => {
    saveProgress(progress);
    expect(loadProgress<typeof progress>('code-open')).toEqual(progress);
  });

  it('gives nothing for another code, or for none, and keeps the entry for its own', () => {
    saveProgress(progress);
    expect(loadProgress('code-other')).toBeNull();
    expect(loadProgress(null)).toBeNull();
    expect(loadProgress('code-open')).toEqual(progress);
  });

  it('keeps progress typed without a code for a visit without a code', () => {
    saveProgress({ token: null, form: {} });
    expect(loadProgress(null)).toEqual({ token: null, form: {} });
    expect(loadProgress('code-open')).toBeNull();
  });

  it('writes nothing for no progress, and clears what there was', () => {
    saveProgress(null);
    expect(sessionStorage.length).toBe(0);
    saveProgress(progress);
    clearProgress();
    expect(loadProgress('code-open')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('starts afresh from an entry it cannot parse', () => {
    sessionStorage.setItem('club-profile:progress', '{not json');
    expect(loadProgress('code-open')).toBeNull();
  });
});
