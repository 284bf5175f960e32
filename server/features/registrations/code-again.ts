import { and, desc, eq } from 'drizzle-orm';
import { ISSUED_CODE_MESSAGES, type CodeLink } from '../../../src/domain/issued-codes';
import type { SmsStatus } from '../../../src/domain/webhooks';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../../platform/db/client';
import { registrations, smsMessages } from '../../platform/db/schema';
import { queueRegistrationSms } from '../integrations/sms/queue-sms';
import type { QuietHoursDefaults } from '../integrations/sms/sending-window';
import { isSuppressed } from '../integrations/sms/sms-opt-out';
import { ApiError } from '../../platform/http/api-error';
import { inSites, type SiteScope } from '../members/list-conditions';
import { codeAgain, type CodeSecret } from './code-secret';

interface AgainOptions {
  secret: CodeSecret;
  publicUrl: string;
  by: { actor: Actor; client: string | null };
  now: Date;
}

/**
 * The issued code the caller may see, locked for the caller's transaction, made again: another site's code is as
 * absent as one that does not exist (404); a used or expired one, or one this server cannot make again, is 409.
 */
async function liveCode(tx: Tx, scope: SiteScope, id: string, options: AgainOptions, lock = true) {
  const query = tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), eq(registrations.isManual, false), inSites(scope)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'not_found', ISSUED_CODE_MESSAGES.notFound);
  if (row.isCompleted) throw new ApiError(409, 'code_unavailable', ISSUED_CODE_MESSAGES.used);
  if (row.expiresAt && row.expiresAt.getTime() <= options.now.getTime()) {
    throw new ApiError(409, 'code_unavailable', ISSUED_CODE_MESSAGES.expired);
  }
  const token = codeAgain(options.secret, row);
  if (!token) throw new ApiError(409, 'code_unavailable', ISSUED_CODE_MESSAGES.notKept);
  return { row, token };
}

/** The code again, for its QR code and its link; showing it is audited, as issuing it was. */
export async function showCodeAgain(db: Db, scope: SiteScope, id: string, options: AgainOptions): Promise<CodeLink> {
  return db.transaction(async (tx) => {
    const { token } = await liveCode(tx, scope, id, options);
    await recordAudit(tx, { ...options.by, action: 'code_shown', subjectId: id });
    return { token, url: `${options.publicUrl}/?id=${token}` };
  });
}

/**
 * Why the code may not be texted again, if it may not: used, expired, not made again (409), the number opted out
 * (422), an earlier text still waiting to go out (409). Read before the budgets are spent and again, locked, before
 * the text is queued.
 */
async function refuseText(tx: Tx, scope: SiteScope, id: string, options: AgainOptions, lock: boolean) {
  const code = await liveCode(tx, scope, id, options, lock);
  if (await isSuppressed(tx, code.row.mobileNumber)) {
    throw new ApiError(
      422,
      'sms_opted_out',
      'This number has opted out of texts (it replied STOP): give the customer the link another way.',
    );
  }
  // Only the code's own texts: its reminder waiting for its day does not hold the counter back (decision 053).
  const [latest] = await tx
    .select({ status: smsMessages.status })
    .from(smsMessages)
    .where(and(eq(smsMessages.registrationId, id), eq(smsMessages.kind, 'code')))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(1);
  if (latest?.status === 'queued') throw new ApiError(409, 'text_pending', ISSUED_CODE_MESSAGES.textPending);
  return code;
}

/** The mobile number of a code that may be texted again, for the budgets spent before it is (as issuing does). */
export const textableNumber = async (db: Db, scope: SiteScope, id: string, options: AgainOptions): Promise<string> =>
  db.transaction(async (tx) => (await refuseText(tx, scope, id, options, false)).row.mobileNumber);

/**
 * Texts the code again, by the rules issuing follows (decision 045): never to a number that opted out, never while
 * an earlier text still waits to go out, and held for the site's quiet hours. The caller has spent the budgets.
 */
export async function textCodeAgain(
  db: Db,
  scope: SiteScope,
  id: string,
  options: AgainOptions & { quietHours: QuietHoursDefaults },
): Promise<SmsStatus> {
  return db.transaction(async (tx) => {
    const { row, token } = await refuseText(tx, scope, id, options, true);
    await recordAudit(tx, { ...options.by, action: 'code_texted', subjectId: id });
    return queueRegistrationSms(tx, id, token, {
      siteId: row.siteId,
      now: options.now,
      quietHours: options.quietHours,
    });
  });
}
