import { createActor, fromPromise, getInitialSnapshot, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { profileMachine, progressOf } from '../../machines/profile/profile.machine';
import type {
  EditableField,
  LookupRequest,
  ProfileInput,
  SubmitOutcome,
  SubmitRequest,
} from '../../machines/profile/profile.types';
import type { LookupOutcome } from '../../src/domain/registration-lookup';
import { toProfileView } from '../../machines/profile/profile.view';
import type { Completion } from '../../src/domain/completion';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { emptyCustomerForm } from '../../src/domain/customer';
import { MANUAL_REGISTRATION_ID } from '../../src/domain/registration-defaults';
import { leafPaths, shortestPaths } from '../support/graph-paths';
import { createdCustomer, openRegistration, profileInputs, profileModel, savedProfile } from '../support/profile.paths';

describe('the profile statechart', () => {
  it('generates a shortest path to each screen state', () => {
    const paths = shortestPaths(profileModel);
    const finals = new Set(paths.flatMap((p) => leafPaths(p.state.value)));
    expect([...finals].sort()).toEqual(
      [
        'askingForPhone',
        'completed',
        'form.editing',
        'invalidCode',
        'loadingRegistration',
        'lookupFailed',
        'form.submitFailed',
        'form.submitting',
      ].sort(),
    );
  });

  it.each(Object.entries(profileInputs))('starts %s where docs/spec.md §4 says', (name, input) => {
    const expected = {
      withCode: 'loadingRegistration',
      withAnsweredCode: 'form.editing',
      withAnsweredUsedCode: 'completed',
      withAnsweredRefusedCode: 'invalidCode',
      withoutCode: 'askingForPhone',
      reloaded: 'form.editing',
    }[name];
    expect(leafPaths(getInitialSnapshot(profileMachine, input).value)).toEqual([expected]);
  });

  it('shows no field invalid before the form is dirty, then the spec messages', () => {
    const actor = createActor(profileMachine, { input: { token: null } }).start();
    actor.send({ type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } });
    actor.send({ type: 'user.confirmPhone' });
    expect(toProfileView(actor.getSnapshot()).errors).toEqual({});
    actor.send({ type: 'user.submit' });
    const view = toProfileView(actor.getSnapshot());
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(view.errors.firstName).toBe('First Name is required');
    expect(view.errors.isAgreedToTerms).toBe('You must agree to the terms and conditions.');
  });

  it('keeps OK shut until the phone number is valid, then creates the manual registration of docs/spec.md §4', () => {
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
      siteId: '0',
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
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'editing' }));
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
    // One box of the two ticked: the combined box reads unchecked, whichever one it is.
    expect(toProfileView(actor.getSnapshot()).allConsent).toBe(false);
    actor.send({ type: 'field.changed', field: 'isSubscribedToSmsMessaging', value: true });
    expect(toProfileView(actor.getSnapshot()).allConsent).toBe(true);
    actor.send({ type: 'field.changed', field: 'isSubscribedToNewsletters', value: false });
    expect(toProfileView(actor.getSnapshot()).allConsent).toBe(false);
    actor.send({ type: 'field.changed', field: 'isSubscribedToNewsletters', value: true });
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
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    actor.send({ type: 'user.retry' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    actor.send({ type: 'field.changed', field: 'city', value: 'Verona' });
    fail = false;
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('invalidCode'));
    expect(keys[2]).not.toBe(keys[0]);
    // docs/spec.md §4: a refused submit resets the state.
    expect(actor.getSnapshot().context.registration).toBeNull();
  });
});

describe('the submission', () => {
  const capture = () => {
    const sent: SubmitRequest[] = [];
    const machine = profileMachine.provide({
      actors: {
        submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(({ input }) => {
          sent.push(input);
          return new Promise(() => {});
        }),
      },
    });
    return { sent, machine };
  };

  it('is the form as the API takes it, built once, with the consent version on screen', () => {
    const { sent, machine } = capture();
    const actor = createActor(machine, { input: profileInputs.reloaded! }).start();
    actor.send({ type: 'user.submit' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.submission).toEqual({
      ...profileInputs.reloaded!.saved!.form,
      registrationId: 'reg-open',
      consentVersion: CONSENT_VERSION,
    });
    expect(sent[0]!.submission).not.toHaveProperty('mobileNumber');
    expect(sent[0]!.idempotencyKey).not.toBe('');
  });

  it('carries the number typed in the phone dialog for a sign-up without a code', () => {
    const { sent, machine } = capture();
    const actor = createActor(machine, { input: { token: null } }).start();
    actor.send({ type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } });
    actor.send({ type: 'user.confirmPhone' });
    for (const [field, value] of Object.entries({ ...savedProfile, isAgreedToTerms: true })) {
      actor.send({ type: 'field.changed', field: field as EditableField, value });
    }
    actor.send({ type: 'user.submit' });
    expect(sent[0]!.submission).toMatchObject({
      registrationId: MANUAL_REGISTRATION_ID,
      mobileNumber: '+14155550123',
      consentVersion: CONSENT_VERSION,
    });
  });

  it('is what is on screen until it is answered: edits meanwhile change nothing and cancel nothing', async () => {
    let answer: (outcome: SubmitOutcome) => void = () => {};
    const actor = createActor(
      profileMachine.provide({
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => new Promise((resolve) => (answer = resolve))),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'user.submit' });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'field.changed', field: 'isSubscribedToNewsletters', value: true });
    actor.send({ type: 'consent.allChanged', checked: true });
    expect(actor.getSnapshot().value).toEqual({ form: 'submitting' });
    expect(actor.getSnapshot().context).toEqual(before);
    answer({ kind: 'created', customer: createdCustomer });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('completed'));
  });
});

describe('the effects the page provides', () => {
  const completeWith = async (input: ProfileInput) => {
    const remembered: Completion[] = [];
    const actor = createActor(
      profileMachine.provide({
        actions: { rememberCompletion: (_, completion) => void remembered.push(completion) },
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(({ input: request }) =>
            Promise.resolve({
              kind: 'created',
              customer: { ...createdCustomer, registrationId: request.submission.registrationId },
            }),
          ),
        },
      }),
      { input },
    ).start();
    const send = actor.send.bind(actor);
    if (input.token === null) {
      send({ type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } });
      send({ type: 'user.confirmPhone' });
      for (const [field, value] of Object.entries({ ...savedProfile, isAgreedToTerms: true })) {
        send({ type: 'field.changed', field: field as EditableField, value });
      }
    }
    send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('completed'));
    return remembered;
  };

  it('gives the thank-you page no membership to renew after a sign-up without a code', async () => {
    expect(await completeWith({ token: null })).toEqual([{ membership: null, customerId: 'cust-new' }]);
  });

  it("gives the thank-you page the code's plan and renewal date after a sign-up with a code", async () => {
    expect(await completeWith(profileInputs.reloaded!)).toEqual([
      { membership: { planName: 'Unlimited Wash Club', rechargeDate: '2026-12-15' }, customerId: 'cust-new' },
    ]);
  });

  it('saves progress once per edit, also for the edit that follows a failed submit', async () => {
    let saves = 0;
    const actor = createActor(
      profileMachine.provide({
        actions: { saveProgress: () => void (saves += 1) },
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => Promise.reject(new Error('offline'))),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    saves = 0;
    actor.send({ type: 'field.changed', field: 'city', value: 'Verona' });
    expect(saves).toBe(1);
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    saves = 0;
    actor.send({ type: 'consent.allChanged', checked: true });
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(saves).toBe(1);
  });

  it('names the first invalid field in screen order, then the one the server refused', async () => {
    const focused: (EditableField | null)[] = [];
    const actor = createActor(
      profileMachine.provide({
        actions: { focusFirstInvalidField: (_, field) => void focused.push(field) },
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() =>
            Promise.resolve({ kind: 'invalid', errors: { email: 'This email address cannot receive mail' } }),
          ),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'field.changed', field: 'city', value: '' });
    actor.send({ type: 'field.changed', field: 'isAgreedToTerms', value: false });
    actor.send({ type: 'user.submit' });
    expect(focused).toEqual(['city']);
    actor.send({ type: 'field.changed', field: 'city', value: 'Verona' });
    actor.send({ type: 'field.changed', field: 'isAgreedToTerms', value: true });
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'editing' }));
    expect(focused).toEqual(['city', 'email']);
  });
});

async function waitFor<T extends SnapshotFrom<typeof profileMachine>>(get: () => T, done: (s: T) => boolean) {
  for (let i = 0; i < 100; i += 1) {
    if (done(get())) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`still in ${JSON.stringify(get().value)}`);
}

describe("the operator's REQUIRE_LICENSE_PLATE", () => {
  const saved = profileInputs.reloaded!.saved!;
  const withoutPlate = { ...saved, form: { ...saved.form, licensePlate: '', licensePlateState: '' } };
  const submitWith = (requireLicensePlate?: boolean) => {
    const actor = createActor(profileMachine, {
      input: { token: 'code-open', saved: withoutPlate, ...(requireLicensePlate ? { requireLicensePlate } : {}) },
    }).start();
    actor.send({ type: 'user.submit' });
    return actor.getSnapshot();
  };

  it('keeps the form from submitting without a plate and its state, as the server would refuse it', () => {
    const snapshot = submitWith(true);
    expect(snapshot.value).toEqual({ form: 'editing' });
    expect(toProfileView(snapshot).errors).toEqual({
      licensePlate: 'License Plate is required',
      licensePlateState: 'Plate State is required',
    });
  });

  it('leaves plates optional without it', () => {
    expect(submitWith().value).toEqual({ form: 'submitting' });
  });
});

describe('what the home page shows in each state', () => {
  const hidden = {
    isLoading: false,
    showPhoneDialog: false,
    showInvalidCodeDialog: false,
    showForm: false,
    isSubmitting: false,
    connectionProblem: null,
  };

  it('shows only "Loading..." while the code is looked up', () => {
    const actor = createActor(
      profileMachine.provide({
        actors: { fetchRegistration: fromPromise<LookupOutcome, LookupRequest>(() => new Promise(() => {})) },
      }),
      { input: { token: 'code-open' } },
    ).start();
    expect(toProfileView(actor.getSnapshot())).toEqual({
      ...hidden,
      isLoading: true,
      canConfirmPhone: false,
      errors: {},
      form: emptyCustomerForm(),
      allConsent: false,
      registration: null,
    });
  });

  it('asks for the number when there is no code, or an empty one', () => {
    const view = toProfileView(
      createActor(profileMachine, { input: { token: '' } })
        .start()
        .getSnapshot(),
    );
    expect(view).toMatchObject({ ...hidden, showPhoneDialog: true, canConfirmPhone: false });
  });

  it('offers to try the lookup again when it failed, and tries the same code', async () => {
    const tokens: string[] = [];
    let answer: () => Promise<LookupOutcome> = () => Promise.reject(new Error('offline'));
    const actor = createActor(
      profileMachine.provide({
        actors: {
          fetchRegistration: fromPromise<LookupOutcome, LookupRequest>(({ input }) => {
            tokens.push(input.token);
            return answer();
          }),
        },
      }),
      { input: { token: 'code-open' } },
    ).start();
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('lookupFailed'));
    expect(toProfileView(actor.getSnapshot())).toMatchObject({ ...hidden, connectionProblem: 'lookup' });
    answer = () => Promise.resolve({ kind: 'found', registration: openRegistration });
    actor.send({ type: 'user.retry' });
    expect(toProfileView(actor.getSnapshot())).toMatchObject({ ...hidden, isLoading: true });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'editing' }));
    expect(tokens).toEqual(['code-open', 'code-open']);
    expect(toProfileView(actor.getSnapshot())).toMatchObject({
      ...hidden,
      showForm: true,
      registration: openRegistration,
      allConsent: false,
    });
  });

  it('shows the invalid-code dialog alone for a refused code', () => {
    const snapshot = createActor(profileMachine, { input: profileInputs.withAnsweredRefusedCode! })
      .start()
      .getSnapshot();
    expect(toProfileView(snapshot)).toMatchObject({ ...hidden, showInvalidCodeDialog: true });
  });

  it('keeps the form on screen while submitting, and says the submit failed', async () => {
    let fail: (error: Error) => void = () => {};
    const actor = createActor(
      profileMachine.provide({
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => new Promise((_, reject) => (fail = reject))),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    expect(toProfileView(actor.getSnapshot())).toMatchObject({ ...hidden, showForm: true });
    actor.send({ type: 'user.submit' });
    expect(toProfileView(actor.getSnapshot())).toMatchObject({ ...hidden, showForm: true, isSubmitting: true });
    fail(new Error('offline'));
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    expect(toProfileView(actor.getSnapshot())).toMatchObject({
      ...hidden,
      showForm: true,
      connectionProblem: 'submit',
    });
  });
});

describe('a used code, and a refused submit', () => {
  it('goes to the thank-you page for a used code, with its plan and customer, clearing saved progress', () => {
    const effects: unknown[] = [];
    createActor(
      profileMachine.provide({
        actions: {
          rememberCompletion: (_, completion) => void effects.push(completion),
          clearProgress: () => void effects.push('clearProgress'),
          goToThankYou: () => void effects.push('goToThankYou'),
        },
      }),
      { input: profileInputs.withAnsweredUsedCode! },
    ).start();
    expect(effects).toEqual([
      { membership: { planName: 'Unlimited Wash Club', rechargeDate: '2026-12-15' }, customerId: 'cust-done' },
      'clearProgress',
      'goToThankYou',
    ]);
  });

  it('clears saved progress and starts over, keeping the code and its rules, when the submit is refused', async () => {
    let cleared = 0;
    const actor = createActor(
      profileMachine.provide({
        actions: { clearProgress: () => void (cleared += 1) },
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => Promise.resolve({ kind: 'refused' })),
        },
      }),
      { input: { ...profileInputs.reloaded!, requireLicensePlate: true } },
    ).start();
    actor.send({ type: 'consent.allChanged', checked: true });
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('invalidCode'));
    expect(cleared).toBe(1);
    expect(actor.getSnapshot().context).toEqual({
      token: 'code-open',
      registration: null,
      form: emptyCustomerForm(),
      allConsent: false,
      dirty: false,
      serverErrors: {},
      phone: { isValid: false, e164: '' },
      idempotencyKey: null,
      lookup: null,
      rules: { requireLicensePlate: true },
    });
  });
});

describe('what a reload needs (progressOf)', () => {
  it('is nothing before there is a registration', () => {
    const snapshot = createActor(profileMachine, { input: { token: null } })
      .start()
      .getSnapshot();
    expect(progressOf(snapshot.context)).toBeNull();
  });

  it('is the code, its registration, the form, the combined box and whether it was submitted', () => {
    const actor = createActor(profileMachine, { input: profileInputs.withAnsweredCode! }).start();
    actor.send({ type: 'consent.allChanged', checked: true });
    actor.send({ type: 'user.submit' });
    expect(progressOf(actor.getSnapshot().context)).toEqual({
      token: 'code-open',
      registration: openRegistration,
      form: {
        ...emptyCustomerForm('reg-open'),
        ...savedProfile,
        isSubscribedToNewsletters: true,
        isSubscribedToSmsMessaging: true,
      },
      allConsent: true,
      dirty: true,
    });
  });

  it('puts a reload back where it was', () => {
    const saved = { ...profileInputs.reloaded!.saved!, allConsent: true, dirty: true };
    const snapshot = createActor(profileMachine, { input: { token: 'code-open', saved } })
      .start()
      .getSnapshot();
    expect(progressOf(snapshot.context)).toEqual(saved);
  });
});

describe('edits on the form', () => {
  it('keeps the model when the make is chosen again, or another field changes', () => {
    const actor = createActor(profileMachine, { input: profileInputs.reloaded! }).start();
    actor.send({ type: 'field.changed', field: 'vehicleMake', value: 'Honda' });
    actor.send({ type: 'field.changed', field: 'city', value: 'Verona' });
    expect(actor.getSnapshot().context.form).toMatchObject({
      vehicleMake: 'Honda',
      vehicleModel: 'CR-V',
      city: 'Verona',
    });
  });

  it('takes a new Idempotency-Key when the combined box is ticked after a failed submit', async () => {
    const keys: string[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(({ input }) => {
            keys.push(input.idempotencyKey);
            return Promise.reject(new Error('offline'));
          }),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    actor.send({ type: 'consent.allChanged', checked: true });
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => keys.length === 2 && s.matches({ form: 'submitFailed' }));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('gives a field added since the progress was saved its empty value', () => {
    const saved = profileInputs.reloaded!.saved!;
    const { address2: _dropped, ...olderForm } = saved.form;
    const snapshot = createActor(profileMachine, {
      input: { token: 'code-open', saved: { ...saved, form: olderForm as typeof saved.form } },
    })
      .start()
      .getSnapshot();
    expect(snapshot.context.form).toEqual({ ...saved.form, address2: '' });
  });

  it('focuses no field when the only invalid entry is the number the phone dialog let through', () => {
    const focused: (EditableField | null)[] = [];
    const actor = createActor(
      profileMachine.provide({ actions: { focusFirstInvalidField: (_, field) => void focused.push(field) } }),
      { input: { token: null } },
    ).start();
    actor.send({ type: 'phone.changed', phone: { isValid: true, e164: '+1' } });
    actor.send({ type: 'user.confirmPhone' });
    expect(actor.getSnapshot().context.form.registrationId).toBe(MANUAL_REGISTRATION_ID);
    for (const [field, value] of Object.entries({ ...savedProfile, isAgreedToTerms: true })) {
      actor.send({ type: 'field.changed', field: field as EditableField, value });
    }
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toEqual({ form: 'editing' });
    expect(focused).toEqual([null]);
  });
});

describe('after a submit', () => {
  it('shows a field made invalid after a failed valid submit at once, as the form is dirty', async () => {
    const actor = createActor(
      profileMachine.provide({
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => Promise.reject(new Error('offline'))),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches({ form: 'submitFailed' }));
    actor.send({ type: 'field.changed', field: 'firstName', value: '' });
    expect(toProfileView(actor.getSnapshot()).errors).toEqual({ firstName: 'First Name is required' });
  });

  it('saves progress on a submit the form refuses, so a reload still shows the messages', () => {
    let saves = 0;
    const actor = createActor(profileMachine.provide({ actions: { saveProgress: () => void (saves += 1) } }), {
      input: profileInputs.reloaded!,
    }).start();
    actor.send({ type: 'field.changed', field: 'firstName', value: '' });
    saves = 0;
    actor.send({ type: 'user.submit' });
    expect(saves).toBe(1);
    expect(progressOf(actor.getSnapshot().context)?.dirty).toBe(true);
  });

  it('clears saved progress once the customer is created, and ends', async () => {
    let cleared = 0;
    const actor = createActor(
      profileMachine.provide({
        actions: { clearProgress: () => void (cleared += 1) },
        actors: {
          submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() =>
            Promise.resolve({ kind: 'created', customer: createdCustomer }),
          ),
        },
      }),
      { input: profileInputs.reloaded! },
    ).start();
    actor.send({ type: 'user.submit' });
    await waitFor(actor.getSnapshot.bind(actor), (s) => s.matches('completed'));
    expect(cleared).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
