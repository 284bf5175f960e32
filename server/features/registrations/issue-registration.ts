import { and, desc, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/min';
import { CUSTOMER_MESSAGES } from '../../../src/domain/customer';
import { toE164 } from '../../../src/domain/phone';
import type { SendingWindow } from '../../../src/domain/quiet-hours';
import type { IssuedRegistration, NewRegistration } from '../../../src/domain/registration';
import { DEFAULT_SITE_ID } from '../../../src/domain/registration-defaults';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../../platform/db/client';
import { customers, registrations } from '../../platform/db/schema';
import { inSites, type SiteScope } from '../members/list-conditions';
import { ApiError, validationFailed } from '../../platform/http/api-error';
import { registrationData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { queueRegistrationSms } from '../integrations/sms/queue-sms';
import { BUILT_IN_QUIET_HOURS } from '../integrations/sms/sending-window';
import { isSuppressed } from '../integrations/sms/sms-opt-out';
import { removeDemoDataIn } from '../demo/remove-demo-data';
import { ensureSites } from '../sites/sites';
import { hashToken, newId, newRegistrationToken } from '../../platform/values/tokens';
import { codeFor, type CodeSecret } from './code-secret';
import { toRegistration } from './registration-record';

const DAY_MS = 24 * 60 * 60 * 1000;

interface IssueOptions {
  publicUrl: string;
  tokenTtlDays: number;
  /** A point-of-sale may send a national number: it is read in the operator's own country. */
  defaultPhoneCountry?: CountryCode;
  /** Whether an SMS provider is configured, so that `send: "sms"` can be honoured. */
  smsEnabled?: boolean;
  /** DEFAULT_TIMEZONE and SMS_WINDOW: a text's site without its own waits for this window on this clock. */
  defaultTimeZone?: string;
  smsWindow?: SendingWindow;
  /** Who issues it. Absent only for the server's own codes (the demo), which see every site and are not audited. */
  issuer?: Issuer;
  /**
   * The key a code is made with from its registration's id, so the counter can show it again (decision 045); without
   * it (the demo, tests of issuing alone) the code is random and can be looked up but never shown again.
   */
  codeSecret?: CodeSecret;
  /**
   * The demo code `npm start` issues on an empty database (decision 049): marked, its site made demo-only when new, and
   * no event. Any other code is a real one, and the first removes the demo data in its transaction.
   */
  demo?: boolean;
  now?: Date;
}

/** Who issues a code, what they may see, and where from: the pre-fill and the audit log follow it. */
export interface Issuer {
  actor: Actor;
  /** The profiles a returning member's code may pre-fill: those the issuer may see (a manager's sites). */
  sites: SiteScope;
  /** The API key that issued it, which may then follow it (`registrations:read`). */
  keyId?: string;
  client?: string;
}

/** The sale's number in E.164, read in the operator's country when national; a field error otherwise. */
export function saleNumber(sale: Pick<NewRegistration, 'mobileNumber'>, country: CountryCode | undefined): string {
  const mobileNumber = toE164(sale.mobileNumber, country);
  if (!mobileNumber) throw validationFailed({ mobileNumber: CUSTOMER_MESSAGES.mobileNumber });
  return mobileNumber;
}

/**
 * The member's last profile completed through a code the operator issued to this number, among the sites the
 * issuer may see. A manual sign-up proves nothing about the number it carries, so it never pre-fills anyone's form.
 */
async function verifiedProfileId(tx: Tx, mobileNumber: string, sites: SiteScope): Promise<string | null> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(and(eq(customers.mobileNumber, mobileNumber), eq(registrations.isManual, false), inSites(sites)))
    .orderBy(desc(customers.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Stores a sale's registration under the hash of a fresh code, with its `registration.issued` event, its audit
 * rows and, when asked, the text message that carries the link, all in one transaction. A returning member's code
 * is tied now to the profile it will pre-fill, chosen among those its issuer may see, and that disclosure is
 * audited. The code itself is kept only in the answer and, until the text is sent, in that message; with
 * `codeSecret` it can be made again from the id (decision 045).
 */
export async function issueRegistration(
  db: Db,
  sale: NewRegistration,
  options: IssueOptions,
): Promise<IssuedRegistration> {
  const mobileNumber = saleNumber(sale, options.defaultPhoneCountry);
  const issuer = options.issuer;
  if (sale.send === 'sms' && !options.smsEnabled) {
    throw new ApiError(422, 'sms_unavailable', 'Text messages are not set up on this server (SMS_PROVIDER).');
  }
  // Before anything is written: a number that texted STOP gets nothing from us, and the sale is not half-issued.
  if (sale.send === 'sms' && (await isSuppressed(db, mobileNumber))) {
    throw new ApiError(
      422,
      'sms_opted_out',
      'This number has opted out of texts (it replied STOP): give the customer the link another way.',
    );
  }
  const now = options.now ?? new Date();
  const id = newId();
  const token = options.codeSecret ? codeFor(options.codeSecret, id) : newRegistrationToken();
  return db.transaction(async (tx) => {
    // The first real code ends the demo: its data goes before this code's site is made (it may be the demo's).
    if (!options.demo) {
      await removeDemoDataIn(tx, {
        actor: issuer?.actor ?? { kind: 'cli' },
        client: issuer?.client ?? null,
        reason: 'first_real_code',
      });
    }
    const prefillCustomerId = sale.isReturningCustomer
      ? await verifiedProfileId(tx, mobileNumber, issuer?.sites ?? 'all')
      : null;
    const [row] = await tx
      .insert(registrations)
      .values({
        id,
        tokenHash: hashToken(token),
        mobileNumber,
        planName: sale.planName,
        amountCents: Math.round(sale.amount * 100),
        rechargeDate: sale.rechargeDate,
        saleDate: sale.saleDate ? new Date(sale.saleDate) : now,
        siteId: sale.siteId ?? DEFAULT_SITE_ID,
        sourceSystem: sale.sourceSystem,
        isReturningCustomer: sale.isReturningCustomer,
        expiresAt: new Date(now.getTime() + options.tokenTtlDays * DAY_MS),
        issuedByKeyId: issuer?.keyId ?? null,
        issuedByStaffId: issuer?.actor.kind === 'staff' ? issuer.actor.id : null,
        prefillCustomerId,
        isDemo: options.demo ?? false,
      })
      .returning();
    // A site the point-of-sale names for the first time is made here, waiting for an owner to name it.
    await ensureSites(tx, [row!.siteId], { demo: options.demo });
    // The demo's records are never sent to a webhook endpoint (decision 049).
    if (!row!.isDemo) await recordEvent(tx, 'registration.issued', { registration: registrationData(row!) }, now);
    if (issuer) {
      const by = { actor: issuer.actor, client: issuer.client ?? null };
      await recordAudit(tx, { ...by, action: 'code_issued', subjectId: row!.id });
      if (prefillCustomerId) await recordAudit(tx, { ...by, action: 'member_prefilled', subjectId: prefillCustomerId });
    }
    // Asked for in the site's quiet hours, the text waits for its window; the answer says until when. Its one
    // reminder, where the site's is on, is queued with it (decision 053).
    const sms =
      sale.send === 'sms'
        ? await queueRegistrationSms(tx, row!.id, token, {
            siteId: row!.siteId,
            now,
            remind: true,
            quietHours: {
              defaultTimeZone: options.defaultTimeZone ?? BUILT_IN_QUIET_HOURS.defaultTimeZone,
              smsWindow: options.smsWindow ?? BUILT_IN_QUIET_HOURS.smsWindow,
            },
          })
        : undefined;
    return {
      token,
      url: `${options.publicUrl}/?id=${token}`,
      registration: toRegistration(row!, token),
      ...(sms ? { sms } : {}),
    };
  });
}
