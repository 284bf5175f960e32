import { Hono } from 'hono';
import { customerAnswerSchema, customerSchemaFor, type CustomerRules } from '../../../src/domain/customer';
import { issueCodesOf } from '../../../src/domain/field-issue-codes';
import { MANUAL_REGISTRATION_ID } from '../../../src/domain/registration-defaults';
import { productKey } from '../../platform/access/product-key';
import { completeProfile } from './complete-profile';
import { findCustomer } from './find-customer';
import type { Db } from '../../platform/db/client';
import { clientLimitKey, seenClient } from '../../platform/http/client-address';
import { idempotentRequest, writeOnce } from '../../platform/http/idempotency';
import type { Throttles } from '../../platform/limits/throttles';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';

/**
 * `POST /api/customers`: the profile, validated by the form's own schema under the operator's rules,
 * stored with its registration closed.
 */
export function customerRoutes(deps: {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
  /** API_KEY: the customer app's, for completing a profile. */
  apiKey: string;
  /** The operator's rules for the form, from the environment. */
  rules: CustomerRules;
}): Hono {
  const app = new Hono();

  app.post(
    '/',
    describe({
      summary: 'Complete a membership profile, closing its registration code',
      answers: { 201: { description: 'The stored customer.', body: customerAnswerSchema } },
      refusals: [
        ...JSON_BODY_REFUSALS,
        'unauthorized',
        'registration_unavailable',
        'idempotency_key_reused',
        'rate_limited',
      ],
    }),
    productKey(deps.apiKey),
    jsonBody,
    // With the codes, a client showing the form in another language words each message itself.
    validJson(customerSchemaFor(deps.rules), { codesOf: issueCodesOf }),
    async (c) => {
      const submission = c.req.valid('json');
      // A sign-up without a code proves nothing about its number: each client gets a few an hour.
      if (submission.registrationId === MANUAL_REGISTRATION_ID) {
        await deps.throttles.manualSignups.take(c, clientLimitKey(c, deps.trustProxyHops));
      }

      const answer = await writeOnce(
        deps.db,
        idempotentRequest(c, 'POST /api/customers', await c.req.text()),
        async (tx) => {
          const customer = await completeProfile(tx, submission, new Date(), seenClient(c, deps.trustProxyHops));
          return { status: 201, resourceId: customer.id, body: customer };
        },
        findCustomer,
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body, answer.status);
    },
  );

  return app;
}
