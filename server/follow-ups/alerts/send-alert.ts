import { and, arrayContains, asc, eq } from 'drizzle-orm';
import { unnamedSiteName } from '../../../src/domain/sites';
import type { Db } from '../../db/client';
import { followUpCases, sites, staff, surveys } from '../../db/schema';
import { enqueue } from '../../jobs/job-queue';
import type { Tx } from '../../db/client';
import { QUEUES } from '../../jobs/queues';
import type { Mailer } from '../../mail/mailer';
import { alertMail, type AlertKind } from './alert-mail';

/** Queues a case's alert email in the caller's transaction: sent only if the transaction commits. */
export const queueAlert = (tx: Tx, caseId: string, kind: AlertKind, now: Date) =>
  enqueue(tx, QUEUES.followUpAlert, { caseId, kind, queuedAt: now.toISOString() });

/** Enabled staff of this role; managers only those of `siteId`. Oldest account first, so the order is stable. */
async function enabledStaff(db: Db, role: 'owner' | 'manager', siteId?: string): Promise<string[]> {
  const rows = await db
    .select({ email: staff.email })
    .from(staff)
    .where(
      and(
        eq(staff.role, role),
        eq(staff.disabled, false),
        siteId === undefined ? undefined : arrayContains(staff.sites, [siteId]),
      ),
    )
    .orderBy(asc(staff.createdAt), asc(staff.id));
  return rows.map((row) => row.email);
}

/**
 * Who an alert goes to: a new case to the site's enabled managers, or to the enabled owners when the site has none;
 * an overdue case to the enabled owners.
 */
export async function alertRecipients(db: Db, kind: AlertKind, siteId: string): Promise<string[]> {
  if (kind === 'opened') {
    const managers = await enabledStaff(db, 'manager', siteId);
    if (managers.length) return managers;
  }
  return enabledStaff(db, 'owner');
}

export type AlertOutcome = 'sent' | 'skipped';

/**
 * Sends one case's alert. Skipped (nothing to retry) without a mailer, when the case is gone (its member erased),
 * when it no longer needs the alert (a new case's resolved; an overdue one contacted), or when nobody may receive
 * it. Throws when the SMTP server refuses or does not answer: the job is retried.
 */
export async function sendAlert(
  context: { db: Db; mailer: Mailer | undefined; publicUrl: string },
  job: { caseId: string; kind: AlertKind },
): Promise<AlertOutcome> {
  if (!context.mailer) return 'skipped';
  const [row] = await context.db
    .select({ followUp: followUpCases, survey: surveys, siteName: sites.name })
    .from(followUpCases)
    .innerJoin(surveys, eq(surveys.id, followUpCases.surveyId))
    .leftJoin(sites, eq(sites.id, followUpCases.siteId))
    .where(eq(followUpCases.id, job.caseId));
  if (!row) return 'skipped';
  const status = row.followUp.status;
  if (status === 'resolved' || (job.kind === 'overdue' && status !== 'open')) return 'skipped';
  const to = await alertRecipients(context.db, job.kind, row.followUp.siteId);
  if (!to.length) return 'skipped';
  const { survey } = row;
  const mail = alertMail({
    kind: job.kind,
    caseId: row.followUp.id,
    siteName: row.siteName ?? unnamedSiteName(row.followUp.siteId),
    scores: {
      recommendToOthersScore: survey.recommendToOthersScore,
      washQualityScore: survey.washQualityScore,
      cleanlinessScore: survey.cleanlinessScore,
      serviceScore: survey.serviceScore,
      valueScore: survey.valueScore,
    },
    comments: survey.comments,
    dueAt: row.followUp.dueAt,
    publicUrl: context.publicUrl,
  });
  await context.mailer.send({ to, ...mail });
  return 'sent';
}
