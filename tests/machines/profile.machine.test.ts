import { createActor, fromPromise, getInitialSnapshot, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { profileMachine } from '../../machines/profile/profile.machine';
import type { LookupOutcome, SubmitOutcome, SubmitRequest } from '../../machines/profile/profile.types';
import { toProfileView } from '../../machines/profile/profile.view';
import { shortestPaths } from './graph-paths';
import { openRegistration, profileInputs, profileModel, savedProfile } from './profile.paths';

describe('the profile statechart', () => {
  it('generates a shortest path to each screen state', () => {
    const paths = shortestPaths(profileModel);
    const finals = new Set(paths.map((p) => String(p.state.value)));
    expect([...finals].sort()).toEqual(
      [
        'askingForPhone',
        'completed',
        'editing',
        'invalidCode',
        'loadingRegistration',
        'lookupFailed',
        'submitFailed',
        'submitting',
      ].sort(),
    );
  });

  it.each(Object.entries(profileInputs))('starts %s where spec §4 says', (name, input) => {
    const expected = { withCode: 'loadingRegistration', withoutCode: 'askingForPhone', reloaded: 'editing' }[name];
    expect(getInitialSnapshot(profileMachine, input).value).toBe(expected);
  });

  it('shows no field invalid before the form is dirty, then the spec messages', () => {
    const actor = createActor(profileMachine, { input: { token: null } }).start();
    actor.send({ type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } });
    actor.send({ type: 'user.confirmPhone' });
    expect(toProfileView(actor.getSnapshot()).errors).toEqual({});
    actor.send({ type: 'user.submit' });
    const view = toProfileView(actor.getSnapshot());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view.errors.firstName).toBe('First Name is required');
    expect(view.errors.isAgreedToTerms).toBe('You must agree to the terms and conditions.');
  });

  it('keeps OK shut until the phone number is valid, then creates the manual registration of spec §4', () => {
    const actor = createActor(profileMachine, { input: { token: null } }).start();
    actor.send({ type: 'user.confirmPhone' });
    expect(actor.getSnapshot().value).toBe('askingForPhone');
    actor.send({ type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } });
    expect(toProfileView(actor.getSnapshot()).canConfirmPhone).toBe(true);
    actor.send({ type: 'user.confirmPhone' });
    expect(actor.getSnapshot().context.registration).toMatchObject({
      id: '-1',
      amount: 0,
      planName: '',
      rechargeDate: '',
      isReturningCustomer: false,
      mobileNumber: '+14155550123',
    });
    expect(actor.getSnapshot().context.registration?.saleDate).not.toBe('');
  });

  it("pre-fills a returning member's profile and resets the model when the make changes", async () => {
    const actor = createActor(
      profileMachine.provide({
        actors: {
          fetchRegistration: fromPromise<LookupOutcome, { token: string }>(() =>
            Promise.resolve({ kind: 'found', registration: openRegistration }),
          ),
        },
      }),
      { input: { token: 'code-open' } },
    ).start();
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({ ...savedProfile, isAgreedToTerms: false });
    actor.send({ type: 'field.changed', field: 'vehicleMake', value: 'Toyota' });
    expect(actor.getSnapshot().context.form.vehicleModel).toBeNull();
  });

  it('ticks both boxes from the combined one, shows it checked when both are ticked, and never unticks them', () => {
    const actor = createActor(profileMachine, { input: profileInputs.reloaded! }).start();
    actor.send({ type: 'consent.allChanged', checked: true });
    expect(actor.getSnapshot().context.form).toMatchObject({
      isSubscribedToNewsletters: true,
      isSubscribedToSmsMessaging: true,
    });
    actor.send({ type: 'consent.allChanged', checked: false });
    expect(actor.getSnapshot().context.allConsent).toBe(false);
    expect(actor.getSnapshot().context.form.isSubscribedToSmsMessaging).toBe(true);
    actor.send({ type: 'field.changed', field: 'isSubscribedToSmsMessaging', value: false });
    actor.send({ type: 'field.changed', field: 'isSubscribedToSmsMessaging', value: true });
    expect(actor.getSnapshot().context.allConsent).toBe(true);
  });

  it('retries a failed submit with the same Idempotency-Key, and takes a new one after an edit', async () => {
    const keys: string[] = [];
    let fail = true;
    const actor = createActor(
      profileMachine.provide({
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(({ input }) => {
            keys.push(input.idempotencyKey);
            return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ kind: 'refused' });
          }),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('submitFailed'));
    actor.send({ type: 'user.retry' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('submitFailed'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    actor.send({ type: 'field.changed', field: 'city', value: 'Verona' });
    fail = false;
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('invalidCode'));
    expect(keys[2]).not.toBe(keys[0]);
    // Spec §4: a refused submit resets the state.
    expect(actor.getSnapshot().context.registration).toBeNull();
  });
});

async function waitFor<T extends SnapshotFrom<typeof profileMachine>>(get: () => T, done: (s: T) => boolean) {
  for (let i = 0; i < 100; i += 1) {
    if (done(get())) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`still in ${JSON.stringify(get().value)}`);
}
