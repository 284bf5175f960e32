import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  addNoteActor,
  assignCaseActor,
  contactCaseActor,
  resolveCaseActor,
} from '../../machines/follow-up-case/follow-up-case.actors';
import { UnexpectedStatusError } from '../../machines/http-response';

const answering = (status: number, body: unknown) => () =>
  Promise.resolve({
    status,
    json: () => (body === undefined ? Promise.reject(new Error('no body')) : Promise.resolve(body)),
  });

const run = (logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input }).start());
const invalid = (issues: object) => ({ error: { code: 'validation_failed', message: 'Check the form.', issues } });

describe('a follow-up action: what each answer means', () => {
  it('200 is the updated case, and the request is sent as given', async () => {
    const sent: unknown[] = [];
    const detail = { id: 'c1', status: 'contacted' };
    const input = { caseId: 'c1', body: { note: 'Called.' } };
    const logic = contactCaseActor((request) => {
      sent.push(request);
      return answering(200, detail)();
    });
    expect(await run(logic, input)).toEqual({ kind: 'updated', detail });
    expect(sent).toEqual([input]);
  });

  it("400 puts each request's field messages under the form's names, other keys left out", async () => {
    const issues = { assigneeId: 'A', note: 'B', text: 'C', rootCause: 'D', other: 'E' };
    expect(await run(assignCaseActor(answering(400, invalid(issues))), {})).toEqual({
      kind: 'invalid',
      errors: { assigneeId: 'A' },
    });
    expect(await run(contactCaseActor(answering(400, invalid(issues))), {})).toEqual({
      kind: 'invalid',
      errors: { contactNote: 'B' },
    });
    expect(await run(addNoteActor(answering(400, invalid(issues))), {})).toEqual({
      kind: 'invalid',
      errors: { noteText: 'C' },
    });
    expect(await run(resolveCaseActor(answering(400, invalid(issues))), {})).toEqual({
      kind: 'invalid',
      errors: { rootCause: 'D', resolutionNote: 'B' },
    });
  });

  it('400 about no field of the form, or with a message that is not text, is a refusal', async () => {
    expect(await run(addNoteActor(answering(400, invalid({ other: 'x', text: 3 }))), {})).toEqual({
      kind: 'refused',
      message: 'Check the form.',
    });
  });

  it('409 case_closed is a case resolved meanwhile; another 409 is a refusal', async () => {
    const closed = { error: { code: 'case_closed', message: 'This case is resolved.' } };
    expect(await run(resolveCaseActor(answering(409, closed)), {})).toEqual({
      kind: 'closed',
      message: 'This case is resolved.',
    });
    const other = { error: { code: 'conflict', message: 'No.' } };
    expect(await run(resolveCaseActor(answering(409, other)), {})).toEqual({ kind: 'refused', message: 'No.' });
    // A 409 with no body of ours (a proxy's) is a refusal said generally.
    expect(await run(resolveCaseActor(answering(409, undefined)), {})).toMatchObject({ kind: 'refused' });
    // Only a 409 says a case is closed, and only a 400 puts messages at the fields.
    expect(await run(resolveCaseActor(answering(422, closed)), {})).toEqual({
      kind: 'refused',
      message: 'This case is resolved.',
    });
    expect(await run(assignCaseActor(answering(403, invalid({ assigneeId: 'A' }))), {})).toEqual({
      kind: 'refused',
      message: 'Check the form.',
    });
  });

  it('404 is said as the server says it, 401 says the session ended, no body says it generally', async () => {
    const notFound = { error: { code: 'not_found', message: 'There is no such follow-up case.' } };
    expect(await run(assignCaseActor(answering(404, notFound)), {})).toEqual({
      kind: 'refused',
      message: 'There is no such follow-up case.',
    });
    expect(await run(assignCaseActor(answering(401, notFound)), {})).toEqual({
      kind: 'refused',
      message: 'Your session has ended. Sign in again to work on this case.',
    });
    expect(await run(assignCaseActor(answering(403, undefined)), {})).toEqual({
      kind: 'refused',
      message: 'The case could not be changed.',
    });
  });

  it.each([302, 408, 429, 500, 503])('%i is worth another try: the actor fails', async (status) => {
    await expect(run(addNoteActor(answering(status, {})), {})).rejects.toBeInstanceOf(UnexpectedStatusError);
  });
});
