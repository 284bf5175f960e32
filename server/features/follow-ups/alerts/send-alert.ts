import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { followUpCases, staff } from '../../../platform/db/schema';
import { enqueue } from '../../../platform/jobs/job-queue';
import { QUEUES } from '../../../platform/jobs/queues';
import type { AlertKind } from './alert-mail';
import { mailRecipient, recordAlerts, stillNeeded, type AlertContext } from './recipient-mail';

/** Queues a case's alert in the caller's transaction: sent only if the transaction commits. */
export const queueAlert = (tx: Tx, caseId: string, kind: AlertKind, now: Date) =>
  enqueue(tx, QUEUES.followUpAlert, { caseId, kind, queuedAt: now.toISOString() });

/** Enabled staff of this role; managers only those of `siteId`. Oldest account first, so the order is stable. */
async function enabledStaff(db: Db, role: 'owner' | 'manager', siteId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.role, role),
        eq(staff.disabled, false),
        siteId === undefined ? undefined : arrayContains(staff.sites, [siteId]),
      ),
    )
    .orderBy(asc(staff.createdAt), asc(staff.id));
  return rows.map((row) => row.id);
}

/**
 * Who an alert goes to (their staff ids): a new case to the site's enabled managers, or to the enabled owners when
 * the site has none; an overdue case to the enabled owners.
 */
export async function alertRecipients(db: Db, kind: AlertKind, siteId: string): Promise<string[]> {
  if (kind === 'opened') {
    const managers = await enabledStaff(db, 'manager', siteId);
    if (managers.length) return managers;
  }
  return enabledStaff(db, 'owner');
}

export type AlertOutcome = 'recorded' | 'skipped';

/**
 * Handles one case's alert: records it for each recipient, then emails each what waits for them, within their
 * budget of one email a window (decision 039; each recipient gets an email of their own). Skipped (nothing to
 * retry) without a mailer, when the case is gone (its member erased), when it no longer needs the alert (a new
 * case's resolved; an overdue one contacted), or when nobody may receive it. Throws when the SMTP server refuses
 * or does not answer, once every recipient has been tried: the job is retried, and those already emailed are not
 * emailed again.
 */
export async function sendAlert(
  context: AlertContext,
  job: { caseId: string; kind: AlertKind },
): Promise<AlertOutcome> {
  if (!context.mailer) return 'skipped';
  const [row] = await context.db
    .select({ status: followUpCases.status, siteId: followUpCases.siteId })
    .from(followUpCases)
    .where(eq(followUpCases.id, job.caseId));
  if (!row || !stillNeeded(job.kind, row.status)) return 'skipped';
  const to = await alertRecipients(context.db, job.kind, row.siteId);
  if (!to.length) return 'skipped';
  await recordAlerts(context.db, job.caseId, job.kind, to);
  const tries = await Promise.allSettled(to.map((staffId) => mailRecipient(context, staffId)));
  const failed = tries.find((attempt) => attempt.status === 'rejected');
  if (failed) throw failed.reason;
  return 'recorded';
}
