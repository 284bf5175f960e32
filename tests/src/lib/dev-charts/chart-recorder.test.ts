import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine } from '../../../../machines/profile/profile.machine';
import type { LookupRequest } from '../../../../machines/profile/profile.types';
import type { LookupOutcome } from '../../../../src/domain/registration-lookup';
import { activeIds, chartRecorder } from '../../../../src/lib/dev-charts/chart-recorder';
import { openRegistration } from '../../../support/profile.paths';

function runProfile() {
  const recorder = chartRecorder();
  let told = 0;
  recorder.subscribe(() => told++);
  const actor = createActor(
    profileMachine.provide({
      actors: {
        fetchRegistration: fromPromise<LookupOutcome, LookupRequest>(() =>
          Promise.resolve({ kind: 'found', registration: openRegistration }),
        ),
      },
    }),
    { input: { token: openRegistration.token }, inspect: recorder.observer },
  ).start();
  return { recorder, actor, told: () => told };
}

describe('the charts panel’s recorder', () => {
  it('keeps each running chart where it is now, and tells the panel when it moves', async () => {
    const { recorder, actor, told } = runProfile();
    await waitFor(actor, (snapshot) => snapshot.matches({ form: 'editing' }));
    // The chart, not the lookup's promise actor it invoked.
    expect(recorder.charts().map((chart) => chart.root.id)).toEqual(['profile']);
    const [chart] = recorder.charts();
    expect(activeIds(chart!.root.id, chart!.value)).toEqual(
      new Set(['profile', 'profile.form', 'profile.form.editing']),
    );
    expect(told()).toBeGreaterThan(0);
    actor.stop();
    expect(recorder.charts()).toEqual([]);
  });

  it('keeps the last events sent to it, newest first and masked', async () => {
    const { recorder, actor } = runProfile();
    await waitFor(actor, (snapshot) => snapshot.matches('form'));
    actor.send({ type: 'field.changed', field: 'firstName', value: 'Marisol' });
    actor.send({ type: 'user.submit' });
    const events = recorder.charts()[0]!.events.map(({ event }) => event);
    expect(events.slice(0, 2)).toEqual([
      { type: 'user.submit' },
      { type: 'field.changed', field: 'firstName', value: '•••' },
    ]);
    actor.stop();
  });

  it('reads a chart that has not said where it is yet as its root alone', () => {
    expect(activeIds('profile', undefined)).toEqual(new Set(['profile']));
  });

  it('keeps the last twelve events, and tells a panel that left nothing more', async () => {
    const { recorder, actor } = runProfile();
    await waitFor(actor, (snapshot) => snapshot.matches('form'));
    let told = 0;
    const leave = recorder.subscribe(() => told++);
    leave();
    for (let n = 0; n < 15; n++) actor.send({ type: 'field.changed', field: 'firstName', value: `Name ${n}` });
    expect(told).toBe(0);
    expect(recorder.charts()[0]!.events).toHaveLength(12);
    actor.stop();
  });
});
