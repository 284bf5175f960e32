import { eq } from 'drizzle-orm';
import { SAVED_PROFILE_FIELDS, type Customer, type CustomerSubmission } from '../../../src/domain/customer';
import type { Tx } from '../../platform/db/client';
import { customers, registrations } from '../../platform/db/schema';
import { completedData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import type { SeenClient } from '../../platform/http/client-address';
import { pick } from '../../platform/values/pick';
import { newId } from '../../platform/values/tokens';
import { claimRegistration } from '../registrations/claim-registration';
import { toCustomer } from './customer-record';

const NOT_SEEN: SeenClient = { clientAddress: null, userAgent: null };

/**
 * Stores the profile against the registration it closes, with the consents' evidence: the time of each, the
 * wording's version and language, the device's time zone and page, and the client the server saw. The
 * `registration.completed` event goes with it (without the client's address or user agent). A used, expired or
 * unknown code is refused (409) and nothing is written.
 */
export async function completeProfile(
  tx: Tx,
  submission: CustomerSubmission,
  now = new Date(),
  seen = NOT_SEEN,
): Promise<Customer> {
  const registration = await claimRegistration(tx, submission, now);
  const id = newId();
  const [row] = await tx
    .insert(customers)
    .values({
      id,
      registrationId: registration.id,
      mobileNumber: registration.mobileNumber,
      ...pick(submission, SAVED_PROFILE_FIELDS),
      newsletterConsentAt: submission.isSubscribedToNewsletters ? now : null,
      smsConsentAt: submission.isSubscribedToSmsMessaging ? now : null,
      consentVersion: submission.consentVersion,
      consentLanguage: submission.language,
      consentTimeZone: submission.timeZone ?? null,
      consentPage: submission.page ?? null,
      consentClientAddress: seen.clientAddress,
      consentUserAgent: seen.userAgent,
      isAgreedToTerms: submission.isAgreedToTerms,
      termsAgreedAt: now,
    })
    .returning();
  const [closed] = await tx
    .update(registrations)
    .set({ customerId: id })
    .where(eq(registrations.id, registration.id))
    .returning();
  // The demo's records are never sent to a webhook endpoint (decision 049).
  if (!closed!.isDemo) await recordEvent(tx, 'registration.completed', completedData(closed!, row!), now);
  return toCustomer(row!);
}
