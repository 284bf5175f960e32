import { Hono, type Context } from 'hono';
import { invitationAnswerSchema, invitationLookupSchema } from '../../../src/domain/invitations';
import { storedSurveySchema } from '../../../src/domain/survey';
import type { AdminEnv } from '../../platform/access/principal';
import { productKey } from '../../platform/access/product-key';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { clientLimitKey } from '../../platform/http/client-address';
import { idempotentRequest, writeOnce } from '../../platform/http/idempotency';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import type { Throttles } from '../../platform/limits/throttles';
import { findSurvey } from '../surveys/find-survey';
import { answerInvitation } from './answer-invitation';
import { lookUpInvitation } from './find-invitation';
import { invitationCodeHash } from './invitation-code';

const INVITATION_REFUSALS = ['unauthorized', 'not_found', 'invitation_used', 'invitation_expired'] as const;

/**
 * The survey link texted after a visit (`/survey?invite=CODE`, decision 053): the customer app looks the invitation
 * up, to ask in the member's language and name the site, and answers it once.
 */
export function invitationRoutes(deps: {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
  /** API_KEY: the customer app's. */
  apiKey: string;
  /** FOLLOW_UP_HOURS: a detractor's answer opens a follow-up case due this long after. */
  followUpHours: number;
  /** The clock the links' expiry is read on; tests move it. */
  now?: () => Date;
}): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const now = deps.now ?? (() => new Date());

  /**
   * An unknown code is counted against the client, as a registration code's lookup is: past the budget, 429
   * instead of 404. A known code always answers.
   */
  const countingMisses = async <T>(c: Context, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') {
        await deps.throttles.lookupMisses.take(c, clientLimitKey(c, deps.trustProxyHops));
      }
      throw error;
    }
  };

  app.get(
    '/survey-invitations/:code',
    describe({
      summary: 'Look up a survey invitation by the code in its link',
      answers: {
        200: {
          description:
            "The member's language and the name of the site of the visit; the first lookup notes the opening.",
          body: invitationLookupSchema,
        },
      },
      refusals: [...INVITATION_REFUSALS, 'rate_limited'],
    }),
    productKey(deps.apiKey),
    async (c) => c.json(await countingMisses(c, () => lookUpInvitation(deps.db, c.req.param('code'), now()))),
  );

  app.post(
    '/survey-invitations/:code/survey',
    describe({
      summary: "Answer a survey invitation with the spec's survey",
      answers: {
        201: {
          description:
            "The stored survey, for the invitation's member, with the review page of the visit's site (`reviewUrl`, " +
            'or null). The link is used: a second answer is refused.',
          body: storedSurveySchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, ...INVITATION_REFUSALS, 'idempotency_key_reused', 'rate_limited'],
    }),
    productKey(deps.apiKey),
    jsonBody,
    validJson(invitationAnswerSchema),
    async (c) => {
      const code = c.req.param('code');
      // The code's hash, never the code, goes into what the key is kept with: a key sent with another link is
      // another request.
      const request = idempotentRequest(
        c,
        'POST /api/survey-invitations/:code/survey',
        `${invitationCodeHash(code)}\n${await c.req.text()}`,
      );
      const answer = await countingMisses(c, () =>
        writeOnce(
          deps.db,
          request,
          async (tx) => {
            // Counted only once the link is known answerable: a refusal, or a retry that replays, costs nothing.
            const survey = await answerInvitation(tx, code, c.req.valid('json'), {
              now: now(),
              followUpHours: deps.followUpHours,
              beforeInsert: async (customerId) => {
                await deps.throttles.surveysByClient.take(c, clientLimitKey(c, deps.trustProxyHops));
                await deps.throttles.surveysByCustomer.take(c, customerId);
              },
            });
            return { status: 201, resourceId: survey.id, body: survey };
          },
          findSurvey,
        ),
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body, answer.status);
    },
  );

  return app;
}
