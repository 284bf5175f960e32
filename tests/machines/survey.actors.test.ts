import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../machines/http-response';
import {
  lookUpInvitationActor,
  submitInvitationAnswerActor,
  submitSurveyActor,
} from '../../machines/survey/survey.actors';
import type { InvitationAnswerRequest, SurveyRequest } from '../../machines/survey/survey.types';
import { emptySurvey } from '../../src/domain/survey';

/** The error an actor rejects with when the answer is one the flow cannot use. */
const unexpected = (status: number) => ({ name: 'UnexpectedStatusError', status });

const request: SurveyRequest = { survey: { ...emptySurvey('cust-1'), valueScore: 7 }, idempotencyKey: 'key-1' };

const submit = (reply: (request: SurveyRequest) => Promise<HttpResponse>, input = request) =>
  toPromise(createActor(submitSurveyActor(reply), { input }).start());

describe('the survey actor', () => {
  it('sends the survey it is given as it is, and invites to nothing when the answer makes no invitation', async () => {
    const sent: SurveyRequest[] = [];
    await expect(
      submit((input) => {
        sent.push(input);
        return Promise.resolve(Response.json({ id: 'survey-1', reviewUrl: null }, { status: 201 }));
      }),
    ).resolves.toBeNull();
    expect(sent).toEqual([request]);
    expect(sent[0]).toBe(request);
  });

  it("answers the review invitation of the stored survey: its id and the site's review page", async () => {
    const answer = { id: 'survey-1', customerId: 'cust-1', reviewUrl: 'https://g.page/r/naperville/review' };
    await expect(submit(() => Promise.resolve(Response.json(answer, { status: 201 })))).resolves.toEqual({
      surveyId: 'survey-1',
      url: 'https://g.page/r/naperville/review',
    });
  });

  it('invites to nothing after a survey with no score and no comment, whatever the answer says (decision 038)', async () => {
    const answer = { id: 'survey-2', customerId: 'cust-1', reviewUrl: 'https://g.page/r/naperville/review' };
    const empty = { survey: { ...emptySurvey('cust-1'), comments: '  ' }, idempotencyKey: 'key-2' };
    await expect(submit(() => Promise.resolve(Response.json(answer, { status: 201 })), empty)).resolves.toBeNull();
  });

  it.each([
    ['no body', new Response(null, { status: 201 })],
    ['a body that is not JSON', new Response('<html>stored</html>', { status: 200 })],
    ['a link that is not https', Response.json({ id: 's', reviewUrl: 'javascript:alert(1)' }, { status: 201 })],
    ['no survey id', Response.json({ reviewUrl: 'https://g.page/r/x/review' }, { status: 201 })],
  ])('invites to nothing, and still thanks, on a success with %s', async (_, response) => {
    await expect(submit(() => Promise.resolve(response))).resolves.toBeNull();
  });

  it.each([400, 404, 409, 429, 500])('rejects on a %i, which the chart only logs (docs/spec.md §4)', async (status) => {
    await expect(submit(() => Promise.resolve(new Response(null, { status })))).rejects.toMatchObject(
      unexpected(status),
    );
  });

  it('rejects when no answer comes', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(submit(() => Promise.reject(offline))).rejects.toBe(offline);
  });
});

describe("the invitation's lookup (decision 053)", () => {
  const invitation = { language: 'es', siteName: 'Naperville' } as const;
  const gone = (code: string) => Response.json({ error: { code, message: 'Gone' } }, { status: 410 });

  /** The lookup, answered by `reply`, with the language shown recorded. */
  function lookUp(reply: (code: string) => Promise<HttpResponse>, code = 'invite-1', show = () => Promise.resolve()) {
    const shown: string[] = [];
    const asked: string[] = [];
    const outcome = toPromise(
      createActor(
        lookUpInvitationActor(
          (asking) => {
            asked.push(asking);
            return reply(asking);
          },
          async (found) => {
            await show();
            shown.push(found.language);
          },
        ),
        { input: { code } },
      ).start(),
    );
    return { outcome, shown, asked };
  }

  it("finds the invitation, and answers only once the page shows the member's language", async () => {
    const { outcome, shown, asked } = lookUp(() => Promise.resolve(Response.json(invitation)));
    await expect(outcome).resolves.toEqual({ kind: 'found', invitation });
    expect(asked).toEqual(['invite-1']);
    expect(shown).toEqual(['es']);
  });

  it('rejects when the language cannot be shown (its catalogue did not load), so the page offers Try again', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const { outcome } = lookUp(
      () => Promise.resolve(Response.json(invitation)),
      'invite-1',
      () => Promise.reject(offline),
    );
    await expect(outcome).rejects.toBe(offline);
  });

  it.each([
    ['a 404', () => Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }), 'not_found'],
    ['a 400', () => new Response(null, { status: 400 }), 'not_found'],
    ['a 410 used', () => gone('invitation_used'), 'invitation_used'],
    ['a 410 expired', () => gone('invitation_expired'), 'invitation_expired'],
    ['a 410 without a reason', () => new Response(null, { status: 410 }), 'invitation_expired'],
  ] as const)('refuses on %s', async (_, response, reason) => {
    await expect(lookUp(() => Promise.resolve(response())).outcome).resolves.toEqual({ kind: 'refused', reason });
  });

  it("says why a gone link answers nothing in its member's language, when the server names it", async () => {
    const body = { error: { code: 'invitation_used', message: 'x', language: 'es' } };
    const { outcome, shown } = lookUp(() => Promise.resolve(Response.json(body, { status: 410 })));
    await expect(outcome).resolves.toEqual({ kind: 'refused', reason: 'invitation_used' });
    expect(shown).toEqual(['es']);
  });

  it('refuses an empty code (a link cut short) without asking', async () => {
    const { outcome, asked } = lookUp(() => Promise.resolve(Response.json(invitation)), '');
    await expect(outcome).resolves.toEqual({ kind: 'refused', reason: 'not_found' });
    expect(asked).toEqual([]);
  });

  it.each([408, 429, 500, 503])('rejects on a %i, a connection problem to try again', async (status) => {
    await expect(lookUp(() => Promise.resolve(new Response(null, { status }))).outcome).rejects.toMatchObject(
      unexpected(status),
    );
  });

  it.each([
    ['no body', () => new Response(null, { status: 200 })],
    ['an HTML page', () => new Response('<html>portal</html>', { status: 200 })],
    ['a language we do not have', () => Response.json({ language: 'fr', siteName: 'Naperville' })],
  ])('rejects a success with %s, and shows no language', async (_, response) => {
    const { outcome, shown } = lookUp(() => Promise.resolve(response()));
    await expect(outcome).rejects.toMatchObject(unexpected(200));
    expect(shown).toEqual([]);
  });

  it('rejects when no answer comes', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(lookUp(() => Promise.reject(offline)).outcome).rejects.toBe(offline);
  });
});

describe("the invitation's answer (decision 053)", () => {
  const answer: InvitationAnswerRequest = {
    code: 'invite-1',
    answer: {
      id: '',
      recommendToOthersScore: 0,
      washQualityScore: 0,
      cleanlinessScore: 0,
      serviceScore: 0,
      valueScore: 4,
      comments: '',
    },
    idempotencyKey: 'key-3',
  };
  const submitAnswer = (reply: (request: InvitationAnswerRequest) => Promise<HttpResponse>, input = answer) =>
    toPromise(createActor(submitInvitationAnswerActor(reply), { input }).start());

  it('sends the answer as it is, and is stored with the review invitation the answer made', async () => {
    const sent: InvitationAnswerRequest[] = [];
    const stored = { id: 'survey-3', reviewUrl: 'https://g.page/r/naperville/review' };
    await expect(
      submitAnswer((request) => {
        sent.push(request);
        return Promise.resolve(Response.json(stored, { status: 201 }));
      }),
    ).resolves.toEqual({ kind: 'stored', review: { surveyId: 'survey-3', url: stored.reviewUrl } });
    expect(sent).toEqual([answer]);
  });

  it('invites to nothing after an empty answer (decision 038)', async () => {
    const empty = { ...answer, answer: { ...answer.answer, valueScore: 0 } };
    const stored = { id: 'survey-4', reviewUrl: 'https://g.page/r/naperville/review' };
    await expect(submitAnswer(() => Promise.resolve(Response.json(stored, { status: 201 })), empty)).resolves.toEqual({
      kind: 'stored',
      review: null,
    });
  });

  it.each([
    ['invitation_used', 'invitation_used'],
    ['invitation_expired', 'invitation_expired'],
  ] as const)('is refused when the link was %s meanwhile (410)', async (code, reason) => {
    const response = Response.json({ error: { code, message: 'Gone' } }, { status: 410 });
    await expect(submitAnswer(() => Promise.resolve(response))).resolves.toEqual({ kind: 'refused', reason });
  });

  it('is refused as unknown on a 404', async () => {
    await expect(submitAnswer(() => Promise.resolve(new Response(null, { status: 404 })))).resolves.toEqual({
      kind: 'refused',
      reason: 'not_found',
    });
  });

  it.each([400, 409, 429, 500])('rejects on a %i, which the chart only logs (docs/spec.md §4)', async (status) => {
    await expect(submitAnswer(() => Promise.resolve(new Response(null, { status })))).rejects.toMatchObject(
      unexpected(status),
    );
  });
});
