import type { MemberQuery } from '../../src/domain/members';
import type { Db } from '../db/client';
import type { SiteScope } from '../members/list-filters';
import { listMemberRows, type MemberRow } from '../members/list-members';
import { csvStream, EXPORT_BATCH } from './csv-stream';

const iso = (date: Date | null) => date?.toISOString() ?? '';

/** Every field of the profile, with the consent evidence, for the members the list's filters select. */
const columns: { header: string; value: (row: MemberRow) => string | number | boolean | null }[] = [
  { header: 'id', value: (r) => r.customer.id },
  { header: 'first_name', value: (r) => r.customer.firstName },
  { header: 'last_name', value: (r) => r.customer.lastName },
  { header: 'email', value: (r) => r.customer.email },
  { header: 'mobile_number', value: (r) => r.customer.mobileNumber },
  { header: 'address', value: (r) => r.customer.address },
  { header: 'address2', value: (r) => r.customer.address2 },
  { header: 'city', value: (r) => r.customer.city },
  { header: 'state', value: (r) => r.customer.region },
  { header: 'zip', value: (r) => r.customer.postalCode },
  { header: 'vehicle_year', value: (r) => r.customer.vehicleYear },
  { header: 'vehicle_make', value: (r) => r.customer.vehicleMake },
  { header: 'vehicle_model', value: (r) => r.customer.vehicleModel },
  { header: 'vehicle_color', value: (r) => r.customer.vehicleColor },
  { header: 'license_plate', value: (r) => r.customer.licensePlate },
  { header: 'license_plate_state', value: (r) => r.customer.licensePlateState },
  { header: 'site_id', value: (r) => r.siteId },
  { header: 'plan_name', value: (r) => r.planName },
  { header: 'joined_at', value: (r) => iso(r.customer.createdAt) },
  { header: 'sms_consent', value: (r) => r.customer.isSubscribedToSmsMessaging },
  { header: 'sms_consent_at', value: (r) => iso(r.customer.smsConsentAt) },
  { header: 'newsletter_consent', value: (r) => r.customer.isSubscribedToNewsletters },
  { header: 'newsletter_consent_at', value: (r) => iso(r.customer.newsletterConsentAt) },
  { header: 'terms_agreed_at', value: (r) => iso(r.customer.termsAgreedAt) },
  { header: 'consent_wording_version', value: (r) => r.customer.consentVersion },
  { header: 'consent_language', value: (r) => r.customer.consentLanguage },
];

export function membersCsv(db: Db, sites: SiteScope, filters: Omit<MemberQuery, 'limit' | 'after'>): ReadableStream {
  async function* batches() {
    let after: string | undefined;
    do {
      const page = await listMemberRows(db, sites, { ...filters, limit: EXPORT_BATCH, after });
      yield page.rows;
      after = page.nextCursor ?? undefined;
    } while (after);
  }
  return csvStream(columns, batches());
}
