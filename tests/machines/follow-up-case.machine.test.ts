import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { followUpCaseMachine } from '../../machines/follow-up-case/follow-up-case.machine';
import type {
  AssignRequest,
  ContactRequest,
  FollowUpOutcome,
  NoteRequest,
  ResolveRequest,
} from '../../machines/follow-up-case/follow-up-case.types';
import { toFollowUpCaseView } from '../../machines/follow-up-case/follow-up-case.view';
import { FOLLOW_UP_MESSAGES, type FollowUpDetail } from '../../src/domain/follow-ups';
import { chartStates, chartTransitions, uncovered } from '../support/coverage';
import { CASE_ID, followUpCaseModel, STAFF_ID, UPDATED_CASE } from '../support/follow-up-case.paths';
import { pathVisits, transitionPaths } from '../support/graph-paths';

/** The chart with every actor answering `answer()`, each request it was given, and the page's two effects. */
function start(answer: () => Promise<FollowUpOutcome>) {
  const requests: { actor: string; input: unknown }[] = [];
  const updated: FollowUpDetail[] = [];
  let reloads = 0;
  const actor = <TInput>(id: string) =>
    fromPromise<FollowUpOutcome, TInput>(({ input }) => {
      requests.push({ actor: id, input });
      return answer();
    });
  const running = createActor(
    followUpCaseMachine.provide({
      actors: {
        assignCase: actor<AssignRequest>('assignCase'),
        contactCase: actor<ContactRequest>('contactCase'),
        addNote: actor<NoteRequest>('addNote'),
        resolveCase: actor<ResolveRequest>('resolveCase'),
      },
      actions: {
        caseUpdated: (_, detail) => void updated.push(detail),
        reloadCase: () => void reloads++,
      },
    }),
    { input: { caseId: CASE_ID } },
  ).start();
  return {
    actor: running,
    requests,
    updated,
    reloads: () => reloads,
    view: () => toFollowUpCaseView(running.getSnapshot()),
  };
}

const updated = (): Promise<FollowUpOutcome> => Promise.resolve({ kind: 'updated', detail: UPDATED_CASE });
const idle = (started: ReturnType<typeof start>) =>
  vi.waitFor(() => expect(started.actor.getSnapshot().value).toBe('idle'));

describe('the follow-up case chart', () => {
  it('starts idle with empty forms and nothing to say', () => {
    const { view } = start(updated);
    expect(view()).toEqual({
      form: { assigneeId: '', contactNote: '', noteText: '', rootCause: '', resolutionNote: '' },
      errors: {},
      pending: null,
      alert: null,
      done: null,
    });
  });

  it('assigns the case to whom the event names, hands the answered case to the page and says it was done', async () => {
    const started = start(updated);
    // The owner's "Assign to" choice is cleared once the case is assigned.
    started.actor.send({ type: 'field.changed', field: 'assigneeId', value: STAFF_ID });
    started.actor.send({ type: 'user.assign', assigneeId: STAFF_ID });
    expect(started.view().pending).toBe('assign');
    await idle(started);
    expect(started.requests).toEqual([
      { actor: 'assignCase', input: { caseId: CASE_ID, body: { assigneeId: STAFF_ID } } },
    ]);
    expect(started.updated).toEqual([UPDATED_CASE]);
    expect(started.view().done).toEqual({ action: 'assign', count: 1 });
    expect(started.view().form.assigneeId).toBe('');
  });

  it('marks contacted with no note when the note is blank, and with the trimmed note otherwise', async () => {
    const started = start(updated);
    started.actor.send({ type: 'field.changed', field: 'contactNote', value: '   ' });
    started.actor.send({ type: 'user.contact' });
    await idle(started);
    started.actor.send({ type: 'field.changed', field: 'contactNote', value: ' Called at 10. ' });
    started.actor.send({ type: 'user.contact' });
    expect(started.view().pending).toBe('contact');
    await idle(started);
    expect(started.requests.map((request) => request.input)).toEqual([
      { caseId: CASE_ID, body: {} },
      { caseId: CASE_ID, body: { note: 'Called at 10.' } },
    ]);
    expect(started.view().form.contactNote).toBe('');
    expect(started.view().done).toEqual({ action: 'contact', count: 2 });
  });

  it('refuses an empty note and a resolution without root cause or note before sending anything', () => {
    const { actor, requests, view } = start(updated);
    actor.send({ type: 'user.addNote' });
    expect(view().errors).toEqual({ noteText: FOLLOW_UP_MESSAGES.note });
    actor.send({ type: 'user.resolve' });
    expect(view().errors).toEqual({
      rootCause: FOLLOW_UP_MESSAGES.rootCause,
      resolutionNote: FOLLOW_UP_MESSAGES.resolutionNote,
    });
    actor.send({ type: 'field.changed', field: 'contactNote', value: 'x'.repeat(2001) });
    actor.send({ type: 'user.contact' });
    expect(view().errors).toEqual({ contactNote: FOLLOW_UP_MESSAGES.note });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requests).toEqual([]);
  });

  it('adds a note and resolves with the checked bodies, clearing only the form that was sent', async () => {
    const started = start(updated);
    const { actor, view } = started;
    actor.send({ type: 'field.changed', field: 'noteText', value: ' Left a voicemail. ' });
    actor.send({ type: 'field.changed', field: 'resolutionNote', value: 'Paid for the mirror.' });
    actor.send({ type: 'user.addNote' });
    expect(view().pending).toBe('note');
    await idle(started);
    expect(view().form).toMatchObject({ noteText: '', resolutionNote: 'Paid for the mirror.' });
    actor.send({ type: 'field.changed', field: 'rootCause', value: 'damage' });
    actor.send({ type: 'user.resolve' });
    expect(view().pending).toBe('resolve');
    await idle(started);
    expect(started.requests).toEqual([
      { actor: 'addNote', input: { caseId: CASE_ID, body: { text: 'Left a voicemail.' } } },
      { actor: 'resolveCase', input: { caseId: CASE_ID, body: { rootCause: 'damage', note: 'Paid for the mirror.' } } },
    ]);
    expect(view().form).toMatchObject({ rootCause: '', resolutionNote: '' });
  });

  it("puts the server's field messages at their fields and keeps the form, until the field is edited", async () => {
    const started = start(() => Promise.resolve({ kind: 'invalid', errors: { resolutionNote: 'Say more.' } }));
    const { actor, view } = started;
    actor.send({ type: 'field.changed', field: 'rootCause', value: 'staff' });
    actor.send({ type: 'field.changed', field: 'resolutionNote', value: 'Sorted.' });
    actor.send({ type: 'user.resolve' });
    await idle(started);
    expect(view().errors).toEqual({ resolutionNote: 'Say more.' });
    expect(view().form).toMatchObject({ rootCause: 'staff', resolutionNote: 'Sorted.' });
    expect(view().done).toBeNull();
    actor.send({ type: 'field.changed', field: 'resolutionNote', value: 'Sorted, and refunded.' });
    expect(view().errors).toEqual({});
  });

  it('says a case resolved meanwhile and asks the page to reload it', async () => {
    const started = start(() => Promise.resolve({ kind: 'closed', message: FOLLOW_UP_MESSAGES.closed }));
    started.actor.send({ type: 'user.assign', assigneeId: null });
    await idle(started);
    expect(started.view().alert).toBe(FOLLOW_UP_MESSAGES.closed);
    expect(started.reloads()).toBe(1);
    expect(started.updated).toEqual([]);
  });

  it('says any other refusal as the server says it, without a reload', async () => {
    const started = start(() => Promise.resolve({ kind: 'refused', message: FOLLOW_UP_MESSAGES.notFound }));
    started.actor.send({ type: 'user.contact' });
    await idle(started);
    expect(started.view().alert).toBe(FOLLOW_UP_MESSAGES.notFound);
    expect(started.reloads()).toBe(0);
  });

  it('keeps what was typed when the server cannot be reached, says which action failed, and sends it again', async () => {
    let calls = 0;
    const started = start(() => (++calls === 1 ? Promise.reject(new Error('offline')) : updated()));
    const { actor, view } = started;
    actor.send({ type: 'field.changed', field: 'noteText', value: 'Called.' });
    actor.send({ type: 'user.addNote' });
    await idle(started);
    expect(view().alert).toBe('Could not reach the server: the note was not added. Try again.');
    expect(view().form.noteText).toBe('Called.');
    actor.send({ type: 'user.addNote' });
    expect(view().alert).toBeNull();
    await idle(started);
    expect(started.requests[1]).toEqual(started.requests[0]);
    expect(view().form.noteText).toBe('');
  });

  it('says which action the server could not be reached for', async () => {
    const offline = () => Promise.reject(new Error('offline'));
    const said = async (
      fill: [field: 'contactNote' | 'noteText' | 'rootCause' | 'resolutionNote', value: string][],
      event: 'user.contact' | 'user.addNote' | 'user.resolve' | 'user.assign',
    ) => {
      const started = start(offline);
      for (const [field, value] of fill) started.actor.send({ type: 'field.changed', field, value });
      started.actor.send(event === 'user.assign' ? { type: event, assigneeId: STAFF_ID } : { type: event });
      await idle(started);
      return started.view().alert;
    };
    expect(await said([], 'user.assign')).toBe('Could not reach the server: the case was not assigned. Try again.');
    expect(await said([], 'user.contact')).toBe(
      'Could not reach the server: the case was not marked contacted. Try again.',
    );
    expect(
      await said(
        [
          ['rootCause', 'damage'],
          ['resolutionNote', 'Paid for the mirror.'],
        ],
        'user.resolve',
      ),
    ).toBe('Could not reach the server: the case was not resolved. Try again.');
  });

  it('ignores a second action while one is in flight', () => {
    const { actor, requests } = start(() => new Promise(() => {}));
    actor.send({ type: 'user.assign', assigneeId: STAFF_ID });
    actor.send({ type: 'user.contact' });
    expect(actor.getSnapshot().value).toBe('assigning');
    expect(requests).toHaveLength(1);
  });

  it('is covered: every state and transition on some generated path', () => {
    const missed = uncovered(
      followUpCaseModel.machine,
      pathVisits(followUpCaseModel, transitionPaths(followUpCaseModel)),
    );
    console.log(
      `followUpCase: ${chartStates(followUpCaseMachine).size} states, ${chartTransitions(followUpCaseMachine).size} transitions`,
    );
    expect(missed).toEqual({ states: [], transitions: [] });
  });
});
