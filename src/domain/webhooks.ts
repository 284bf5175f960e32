import * as v from 'valibot';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/** What an endpoint can subscribe to (docs/integrations.md describes each payload). */
export const WEBHOOK_EVENT_TYPES = [
  'registration.issued',
  'registration.completed',
  'survey.submitted',
  'follow_up.opened',
  'follow_up.resolved',
  'visit.recorded',
  'survey.invited',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Sent to every enabled endpoint, whatever it subscribed to, so never offered as a choice: `member.erased` asks a
 * receiver to erase what it holds about a member, and an endpoint that heard any event may hold some; an opt-out
 * (`member.sms_opted_out`, and its end, `member.sms_opted_in`) must reach every system that may text the number.
 */
export const ALWAYS_SENT_EVENT_TYPES = ['member.erased', 'member.sms_opted_out', 'member.sms_opted_in'] as const;

/** Every event a receiver can get (the API description publishes each), the test event aside. */
export const SENT_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...ALWAYS_SENT_EVENT_TYPES] as const;
export type SentEventType = (typeof SENT_EVENT_TYPES)[number];

/** Sent only by "Send a test event", to the one endpoint it was asked for. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Every body has this envelope (Standard Webhooks' `type`, `timestamp`, `data`). `version` is the shape of `data`:
 * fields are only ever added within a version; a change that could break a receiver comes as version 2.
 */
export interface WebhookEnvelope<T = unknown> {
  type: SentEventType | typeof TEST_EVENT_TYPE;
  timestamp: string;
  version: 1;
  data: T;
}

export const WEBHOOK_MESSAGES = {
  url: 'Enter the full address of the receiver, such as https://pos.example.com/hooks/club',
  httpsOnly: 'Use an https:// address',
  privateAddress: 'This address is on a private network; set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it',
  eventTypes: 'Choose at least one event',
  descriptionLength: 'Use at most 80 characters for the description',
} as const;

export const newWebhookEndpointSchema = v.object({
  url: v.pipe(
    v.string(WEBHOOK_MESSAGES.url),
    v.trim(),
    v.nonEmpty(WEBHOOK_MESSAGES.url),
    v.maxLength(2000, WEBHOOK_MESSAGES.url),
    v.url(WEBHOOK_MESSAGES.url),
  ),
  description: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(80, WEBHOOK_MESSAGES.descriptionLength),
      plainText(UNSUPPORTED_CHARACTERS),
    ),
    '',
  ),
  eventTypes: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES.eventTypes), WEBHOOK_MESSAGES.eventTypes),
    v.nonEmpty(WEBHOOK_MESSAGES.eventTypes),
    v.transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
  ),
});
export type NewWebhookEndpoint = v.InferOutput<typeof newWebhookEndpointSchema>;

/** What an owner can change on an endpoint: switch it off and on, and what it hears. */
export const webhookEndpointChangeSchema = v.object({
  enabled: v.optional(v.boolean()),
  eventTypes: v.optional(newWebhookEndpointSchema.entries.eventTypes),
});

export const webhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  eventTypes: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  enabled: v.boolean(),
  /** `environment`: WEBHOOK_URL's, read-only in the console. */
  source: v.picklist(['console', 'environment']),
  createdAt: v.string(),
});
export type WebhookEndpoint = v.InferOutput<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = v.object({ results: v.array(webhookEndpointSchema) });

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = v.object({
  ...webhookEndpointSchema.entries,
  secret: v.pipe(v.string(), v.description('The signing secret (`whsec_…`), shown this once.')),
});
export type CreatedWebhookEndpoint = v.InferOutput<typeof createdWebhookEndpointSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const nullableString = v.nullable(v.string());

export const webhookDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  attempts: v.number(),
  /** The receiver's HTTP status on the last try; null when it never answered. */
  lastStatusCode: v.nullable(v.number()),
  /** Why the last try failed, as a code: `timeout`, `connection_failed`, `http_503`, `private_address`... */
  lastError: nullableString,
  lastAttemptAt: nullableString,
  deliveredAt: nullableString,
  createdAt: v.string(),
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = v.object({ results: v.array(webhookDeliverySchema) });

/** The text message that carries a registration link: its state, shown to the point-of-sale and in the console. */
export const smsStatusSchema = v.object({
  status: v.picklist(['queued', 'sent', 'failed']),
  /** The provider's error code (Twilio's, such as `21211`) or ours (`timeout`), when it failed or is retrying. */
  errorCode: nullableString,
  attempts: v.number(),
  sentAt: nullableString,
  /**
   * While a text asked for in its site's quiet hours waits for the sending window to open: when it will go out
   * (ISO 8601). Absent otherwise (decision 031).
   */
  scheduledFor: v.optional(v.string()),
});
export type SmsStatus = v.InferOutput<typeof smsStatusSchema>;

/** `GET /api/admin/integrations`: what this server is set up to do, for the console's forms. */
export const integrationSettingsSchema = v.object({
  /** An SMS provider is configured: "Text the link" is offered. */
  smsEnabled: v.boolean(),
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: http:// and private addresses are accepted. */
  allowPrivateNetworks: v.boolean(),
});
export type IntegrationSettings = v.InferOutput<typeof integrationSettingsSchema>;
