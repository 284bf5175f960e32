import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { WEBHOOK_DATA_SCHEMAS, webhookEnvelopeSchema } from '../../../src/domain/webhook-payloads';
import { ALWAYS_SENT_EVENT_TYPES, SENT_EVENT_TYPES, type SentEventType } from '../../../src/domain/webhooks';
import type {
  completedData,
  erasedData,
  followUpData,
  invitedData,
  registrationData,
  smsOptedInData,
  smsOptedOutData,
  surveyData,
  visitData,
} from '../integrations/event-payloads';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The published payloads are what the outbox writes: this stops compiling when either changes alone. */
export const PAYLOADS_MATCH: [
  Same<
    v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['registration.issued']>,
    { registration: ReturnType<typeof registrationData> }
  >,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['registration.completed']>, ReturnType<typeof completedData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['survey.submitted']>, ReturnType<typeof surveyData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['follow_up.opened']>, ReturnType<typeof followUpData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['follow_up.resolved']>, ReturnType<typeof followUpData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['member.erased']>, ReturnType<typeof erasedData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['member.sms_opted_out']>, ReturnType<typeof smsOptedOutData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['member.sms_opted_in']>, ReturnType<typeof smsOptedInData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['visit.recorded']>, ReturnType<typeof visitData>>,
  Same<v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)['survey.invited']>, ReturnType<typeof invitedData>>,
] = [true, true, true, true, true, true, true, true, true, true];

const SUMMARIES: Record<SentEventType, string> = {
  'registration.issued': 'A registration code was issued (never the code itself)',
  'registration.completed': 'A customer completed their profile: the registration, customer, vehicle and consent',
  'survey.submitted': 'A customer submitted a feedback survey with a score or a comment (never an empty one)',
  'follow_up.opened':
    "A survey scored 1–6, or a text from a member, opened a follow-up case at the member's site (ids only)",
  'follow_up.resolved': 'A follow-up case was resolved with a root cause (ids only)',
  'visit.recorded': "The point-of-sale reported a visit: the site, time, package, the number and its members' ids",
  'survey.invited': 'A member was texted an invitation to give feedback after a visit (ids and times only)',
  'member.erased': "A member's data was erased on their request: erase what you hold under these ids",
  'member.sms_opted_out': 'A number texted an opt-out keyword (STOP, PARAR…): text nothing more to it',
  'member.sms_opted_in': 'A number that had opted out texted START (or SI, COMENZAR…): it may be texted again',
};

const isAlwaysSent = (type: SentEventType) => (ALWAYS_SENT_EVENT_TYPES as readonly string[]).includes(type);

/** A JSON object of the API description (openapi-types' 3.1 types do not accept their own schemas). */
type Json = Record<string, unknown>;

/** A valibot schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode: 'output' });
  return jsonSchema;
}

const SIGNATURE_HEADERS: Record<string, Json> = {
  'webhook-id': {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The event's `msg_…` id, the same on every try: de-duplicate on it.",
    schema: { type: 'string' },
  },
  'webhook-timestamp': {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this try.',
    schema: { type: 'string' },
  },
  'webhook-signature': {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: "`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret (Standard Webhooks).",
    schema: { type: 'string' },
  },
};

/**
 * The OpenAPI 3.1 `webhooks` section: each event a receiver can get (those it subscribes to, and those every endpoint
 * gets), as the POST our server sends it, with its envelope `{ type, timestamp, version, data }` and the Standard
 * Webhooks signature headers.
 */
export function webhookDescriptions(): Record<string, Json> {
  return Object.fromEntries(
    SENT_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: SUMMARIES[type],
          ...(isAlwaysSent(type)
            ? { description: 'Sent to every enabled endpoint, whatever event types it subscribed to.' }
            : {}),
          operationId: `webhook.${type}`,
          parameters: Object.values(SIGNATURE_HEADERS),
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchemaOf(webhookEnvelopeSchema(type, WEBHOOK_DATA_SCHEMAS[type])) },
            },
          },
          responses: {
            '2XX': { description: 'Received. Anything else (or no answer within 10 s) is retried for 24 hours.' },
          },
        },
      },
    ]),
  );
}
