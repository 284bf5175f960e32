// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { profileMachine } from '../../../machines/profile/profile.machine';
import type { LookupRequest } from '../../../machines/profile/profile.types';
import type { LookupOutcome } from '../../../src/domain/registration-lookup';
import { openRegistration, savedProfile } from '../../support/profile.paths';

// The inspector's options as src/lib/inspector.ts gives them, caught where @statelyai/inspect would take them.
const given = vi.hoisted(() => ({ options: undefined as Record<string, (value: unknown) => unknown> | undefined }));
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (options: Record<string, (value: unknown) => unknown>) => {
    given.options = options;
    return { inspect: { next: () => {} } };
  },
}));

afterEach(() => vi.unstubAllEnvs());

/** Everything the inspector would be sent about a member filling in their profile, as one text. */
async function sentToTheInspector(): Promise<string> {
  vi.stubEnv('VITE_INSPECT', 'true');
  const { startInspectorIfAsked } = await import('../../../src/lib/inspector');
  await startInspectorIfAsked();
  const { sanitizeEvent, sanitizeContext } = given.options!;
  const seen: InspectionEvent[] = [];
  const actor = createActor(
    profileMachine.provide({
      actors: {
        fetchRegistration: fromPromise<LookupOutcome, LookupRequest>(() =>
          Promise.resolve({ kind: 'found', registration: openRegistration }),
        ),
      },
    }),
    { input: { token: openRegistration.token }, inspect: (event) => seen.push(event) },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('form'));
  actor.send({ type: 'field.changed', field: 'firstName', value: 'Marisol' });
  actor.send({ type: 'field.changed', field: 'licensePlate', value: 'ZQX9876' });
  const sent = seen.flatMap((event) => [
    event.type === '@xstate.event' ? sanitizeEvent!(event.event) : null,
    event.type === '@xstate.snapshot' ? sanitizeContext!((event.snapshot as { context?: unknown }).context) : null,
  ]);
  actor.stop();
  return JSON.stringify(sent);
}

describe('the Stately inspector', () => {
  it('is sent what happened, with no name, address, contact detail, plate or code of the member', async () => {
    const sent = await sentToTheInspector();
    // What happened still reads: the events and the fields they changed.
    expect(sent).toContain('"type":"field.changed"');
    expect(sent).toContain('"field":"licensePlate"');
    for (const personal of [
      'Marisol',
      'ZQX9876',
      savedProfile.lastName,
      savedProfile.address,
      savedProfile.email,
      savedProfile.postalCode,
      openRegistration.mobileNumber,
      openRegistration.token,
    ]) {
      expect(sent).not.toContain(personal);
    }
  });
});
