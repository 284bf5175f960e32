// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine, progressOf } from '../../../machines/profile/profile.machine';
import type { LookupOutcome, SubmitOutcome, SubmitRequest } from '../../../machines/profile/profile.types';
import type { Registration } from '../../../src/domain/registration';
import {
  clearProgress,
  loadCompletion,
  saveCompletion,
  saveProgress,
  surveyCustomerId,
} from '../../../src/lib/session-store';
import { completedRegistration, createdCustomer, openRegistration, savedProfile } from '../../machines/profile.paths';

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
    await waitFor(actor, (s) => s.matches('editing'));
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

  it('gives the survey the customer this session completed, and keeps the plan when it takes a cid', () => {
    saveCompletion({ membership, customerId: null });
    expect(surveyCustomerId('c-from-link')).toBe('c-from-link');
    expect(loadCompletion()).toEqual({ membership, customerId: 'c-from-link' });
    expect(surveyCustomerId('another')).toBe('c-from-link');
  });
});
