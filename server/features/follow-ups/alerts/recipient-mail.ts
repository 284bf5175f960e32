import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/min';
import { unnamedSiteName } from '../../../../src/domain/sites';
import type { Db, Tx } from '../../../platform/db/client';
import {
  followUpAlerts,
  followUpAlertWindows,
  followUpCases,
  sites,
  staff,
  surveys,
} from '../../../platform/db/schema';
import { enqueueOnce } from '../../../platform/jobs/job-queue';
import { QUEUES } from '../../../platform/jobs/queues';
import type { Mailer } from '../../../platform/mail/mailer';
import { BUILT_IN_QUIET_HOURS } from '../../integrations/sms/sending-window';
import { alertDigest, alertMail, type AlertFacts, type AlertKind } from './alert-mail';
import { mailLanguage } from './alert-words';

/** What sending an alert needs: the database, the mailer (none without SMTP_URL) and how the email is made. */
export interface AlertContext {
  db: Db;
  mailer: Mailer | undefined;
  publicUrl: string;
  /** ALERT_EMAIL_MINUTES: the least time between two alert emails to one person (decision 039). */
  windowMinutes: number;
  /** DEFAULT_PHONE_COUNTRY: how the numbers in a comment are recognised, to be hidden. */
  phoneCountry: CountryCode;
  /** DEFAULT_TIMEZONE: the clock of a site without its own zone, on which a due time is written. */
  defaultTimeZone?: string;
}

/** `sent` now; `held` for the digest at the end of the recipient's window; `nothing` left to send. */
export type MailOutcome = 'sent' | 'held' | 'nothing';

/** Whether an alert is still worth sending: a new case until resolved, an overdue one until someone contacts. */
export const stillNeeded = (kind: AlertKind, status: string): boolean =>
  status !== 'resolved' && (kind === 'opened' || status === 'open');

/** The recipient's alerts not yet emailed, with what each says, oldest first. */
async function waitingAlerts(tx: Tx, staffId: string) {
  return tx
    .select({
      kind: followUpAlerts.kind,
      caseId: followUpAlerts.caseId,
      status: followUpCases.status,
      siteId: followUpCases.siteId,
      siteName: sites.name,
      siteTimeZone: sites.timeZone,
      dueAt: followUpCases.dueAt,
      survey: surveys,
    })
    .from(followUpAlerts)
    .innerJoin(followUpCases, eq(followUpCases.id, followUpAlerts.caseId))
    .leftJoin(surveys, eq(surveys.id, followUpCases.surveyId))
    .leftJoin(sites, eq(sites.id, followUpCases.siteId))
    .where(and(eq(followUpAlerts.staffId, staffId), isNull(followUpAlerts.mailedAt)))
    .orderBy(asc(followUpAlerts.queuedAt), asc(followUpAlerts.caseId), asc(followUpAlerts.kind));
}
type WaitingAlert = Awaited<ReturnType<typeof waitingAlerts>>[number];

/**
 * Claims the recipient's next email: one conditional upsert moves their window's end from the past (or from
 * nothing) to `minutes` from now, and answers that end; `undefined` while a window is open. Instances racing for
 * one recipient queue on its row, and only the first finds the window over.
 */
async function claimWindow(tx: Tx, staffId: string, minutes: number): Promise<Date | undefined> {
  const [claimed] = await tx
    .insert(followUpAlertWindows)
    // To the millisecond, as a JavaScript date holds it: giving the window back compares it.
    .values({ staffId, nextMailAt: sql`date_trunc('milliseconds', now() + ${minutes}::float8 * interval '1 minute')` })
    .onConflictDoUpdate({
      target: followUpAlertWindows.staffId,
      set: { nextMailAt: sql`excluded.next_mail_at` },
      setWhere: sql`${followUpAlertWindows.nextMailAt} <= now()`,
    })
    .returning({ until: followUpAlertWindows.nextMailAt });
  return claimed?.until;
}

/** Adds the digest job at the end of the recipient's open window, unless it is there already. */
async function digestAtWindowEnd(tx: Tx, staffId: string): Promise<void> {
  const [window] = await tx
    .select({ at: followUpAlertWindows.nextMailAt })
    .from(followUpAlertWindows)
    .where(eq(followUpAlertWindows.staffId, staffId));
  await enqueueOnce(
    tx,
    QUEUES.followUpDigest,
    { staffId, queuedAt: window!.at.toISOString() },
    { key: staffId, at: window!.at },
  );
}

const sameAlert = (staffId: string, alerts: WaitingAlert[]) =>
  and(
    eq(followUpAlerts.staffId, staffId),
    sql`(${followUpAlerts.caseId}, ${followUpAlerts.kind}) in (${sql.join(
      alerts.map((alert) => sql`(${alert.caseId}, ${alert.kind})`),
      sql`, `,
    )})`,
  );

const factsOf = (context: AlertContext, alert: WaitingAlert): AlertFacts => ({
  kind: alert.kind as AlertKind,
  caseId: alert.caseId,
  siteName: alert.siteName ?? unnamedSiteName(alert.siteId),
  scores: alert.survey && {
    recommendToOthersScore: alert.survey.recommendToOthersScore,
    washQualityScore: alert.survey.washQualityScore,
    cleanlinessScore: alert.survey.cleanlinessScore,
    serviceScore: alert.survey.serviceScore,
    valueScore: alert.survey.valueScore,
  },
  comments: alert.survey?.comments ?? '',
  dueAt: alert.dueAt,
  timeZone: alert.siteTimeZone ?? context.defaultTimeZone ?? BUILT_IN_QUIET_HOURS.defaultTimeZone,
  publicUrl: context.publicUrl,
  phoneCountry: context.phoneCountry,
});

/**
 * Emails a staff member what alerts wait for them, if their window allows: one alert as it is, several as a digest
 * (decision 039). Alerts no longer needed (the case resolved, an overdue case contacted, the recipient disabled) are
 * dropped. While the window is open nothing is sent, and the digest job waits for its end. The window is claimed
 * before the email goes; if the SMTP server refuses, it is given back and the alerts stay waiting, and this throws
 * so that the job is retried. Once sent, the alerts are marked emailed: a retried job never sends them again.
 */
export async function mailRecipient(context: AlertContext, staffId: string): Promise<MailOutcome> {
  const mailer = context.mailer;
  if (!mailer) return 'nothing';
  const claim = await context.db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ email: staff.email, disabled: staff.disabled, language: staff.language })
      .from(staff)
      .where(eq(staff.id, staffId));
    const waiting = await waitingAlerts(tx, staffId);
    const due =
      recipient && !recipient.disabled ? waiting.filter((a) => stillNeeded(a.kind as AlertKind, a.status)) : [];
    const dropped = waiting.filter((alert) => !due.includes(alert));
    if (dropped.length) await tx.delete(followUpAlerts).where(sameAlert(staffId, dropped));
    if (!due.length) return 'nothing' as const;
    const until = await claimWindow(tx, staffId, context.windowMinutes);
    if (!until) {
      await digestAtWindowEnd(tx, staffId);
      return 'held' as const;
    }
    return { to: recipient!.email, language: mailLanguage(recipient!.language), due, until };
  });
  if (typeof claim === 'string') return claim;

  const facts = claim.due.map((alert) => factsOf(context, alert));
  // In the recipient's language (their setting; English unless they chose Spanish), on each site's clock.
  const mail = facts.length === 1 ? alertMail(facts[0]!, claim.language) : alertDigest(facts, claim.language);
  try {
    await mailer.send({ to: [claim.to], ...mail });
  } catch (error) {
    // Given back only if still this claim's: nothing else can have claimed an open window meanwhile.
    await context.db
      .update(followUpAlertWindows)
      .set({ nextMailAt: sql`now()` })
      .where(and(eq(followUpAlertWindows.staffId, staffId), eq(followUpAlertWindows.nextMailAt, claim.until)));
    throw error;
  }
  await context.db
    .update(followUpAlerts)
    .set({ mailedAt: new Date() })
    .where(and(sameAlert(staffId, claim.due), isNull(followUpAlerts.mailedAt)));
  return 'sent';
}

/** Records that each of `staffIds` is to get the case's alert; recorded once, however often a job retries. */
export async function recordAlerts(db: Db, caseId: string, kind: AlertKind, staffIds: string[]): Promise<void> {
  if (!staffIds.length) return;
  await db
    .insert(followUpAlerts)
    .values(staffIds.map((staffId) => ({ staffId, caseId, kind })))
    .onConflictDoNothing();
}
