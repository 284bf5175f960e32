/**
 * The durable work of the integrations, in pg-boss (decision 013): its tables live beside ours, on PGlite and on
 * PostgreSQL alike, so a job is added in the same transaction as the change that calls for it.
 */
export const QUEUES = {
  /** One job an event: its deliveries to every listening endpoint, made on its first try. */
  webhookEvent: 'webhook-event',
  /** One job a delivery: a test event, or a failed delivery sent again. */
  webhookDelivery: 'webhook-delivery',
  smsDelivery: 'sms-delivery',
  /**
   * One job a visit at a site that asks for feedback, due when the site's delay after the visit has passed: it
   * decides then whether the member is asked (decision 053).
   */
  surveyInvitation: 'survey-invitation',
  /** One job a follow-up alert: a case opened (to the site's managers) or overdue (to the owners). */
  followUpAlert: 'follow-up-alert',
  /** One job a recipient's alert window, at its end: the digest of the alerts it held back (decision 039). */
  followUpDigest: 'follow-up-digest',
  /** The check for cases past their due time, scheduled every minute. */
  followUpEscalation: 'follow-up-escalation',
  /** The retention pass (server/features/retention/), scheduled every 15 minutes. */
  retention: 'retention',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How long an event or a text is retried before it is marked failed (and kept). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * pg-boss waits between `delay · 2^n` and `2 · delay · 2^n` seconds before retry n + 1 (exponential backoff with
 * jitter). The handlers stop at the retry that could not start inside the window; the limit is only a backstop.
 */
export const RETRY_POLICY = { retryDelay: 10, retryBackoff: true, retryLimit: 20, expireInSeconds: 120 } as const;

/**
 * The retention pass is not retried for a day: a failed pass is tried once more a minute later, and the next period
 * runs it anyway. It may take a while on a large backlog (the first pass after an upgrade), hence its longer expiry.
 */
export const RETENTION_POLICY = {
  retryDelay: 60,
  retryBackoff: false,
  retryLimit: 1,
  expireInSeconds: 30 * 60,
} as const;

/**
 * The escalation check is not retried for long either: the next minute's check finds whatever a failed one left
 * (nothing is claimed unless its transaction commits).
 */
export const ESCALATION_POLICY = {
  retryDelay: 30,
  retryBackoff: false,
  retryLimit: 1,
  expireInSeconds: 5 * 60,
} as const;

/**
 * Asking after a visit is retried briefly: a visit more than a day past its due time asks no one anyway, and a
 * failed decision made again cannot invite twice (it looks for the invitation it would make).
 */
export const INVITATION_POLICY = {
  retryDelay: 30,
  retryBackoff: true,
  retryLimit: 5,
  expireInSeconds: 120,
} as const;

/** Each queue's retry policy, as `installJobQueue` writes it into pg-boss's queue rows. */
export const policyOf = (name: QueueName) =>
  name === QUEUES.retention
    ? RETENTION_POLICY
    : name === QUEUES.followUpEscalation
      ? ESCALATION_POLICY
      : name === QUEUES.surveyInvitation
        ? INVITATION_POLICY
        : RETRY_POLICY;

/** pg-boss's tables live in this schema, beside ours. */
export const JOB_SCHEMA = 'pgboss';

/** The shortest wait pg-boss may take before the next try, given how many retries have been made. */
export const shortestNextRetryMs = (retryCount: number) => RETRY_POLICY.retryDelay * 2 ** retryCount * 1000;

/**
 * Whether to give up after a failed try: when the next retry could start only after the window has closed, or
 * pg-boss's own limit is reached.
 */
export function isLastTry(firstQueuedAt: Date, retryCount: number, now = new Date()): boolean {
  const nextEarliest = now.getTime() + shortestNextRetryMs(retryCount);
  return retryCount >= RETRY_POLICY.retryLimit || nextEarliest - firstQueuedAt.getTime() > RETRY_WINDOW_MS;
}
