import { consentView, vehicleView, type ConsentView, type VehicleView } from '../../../src/domain/customer-views';
import type { Db } from '../../platform/db/client';
import type { MemberFilters, SiteScope } from './list-conditions';
import { listMemberRows, type MemberRow } from './list-members';
import { csvStream, keysetBatches } from '../../platform/lists/csv-stream';

/** A row as the CSV reads it: the stored member with its vehicle and consent views, made once per row. */
interface CsvRow {
  row: MemberRow;
  vehicle: VehicleView;
  consent: ConsentView;
}

/** Every field of the profile, with the consent evidence, for the members the list's filters select. */
const columns: { header: string; value: (r: CsvRow) => string | number | boolean | null }[] = [
  { header: 'id', value: (r) => r.row.customer.id },
  { header: 'first_name', value: (r) => r.row.customer.firstName },
  { header: 'last_name', value: (r) => r.row.customer.lastName },
  { header: 'email', value: (r) => r.row.customer.email },
  { header: 'mobile_number', value: (r) => r.row.customer.mobileNumber },
  { header: 'address', value: (r) => r.row.customer.address },
  { header: 'address2', value: (r) => r.row.customer.address2 },
  { header: 'city', value: (r) => r.row.customer.city },
  { header: 'state', value: (r) => r.row.customer.region },
  { header: 'zip', value: (r) => r.row.customer.postalCode },
  { header: 'vehicle_year', value: (r) => r.vehicle.year },
  { header: 'vehicle_make', value: (r) => r.vehicle.make },
  { header: 'vehicle_model', value: (r) => r.vehicle.model },
  { header: 'vehicle_color', value: (r) => r.vehicle.color },
  { header: 'license_plate', value: (r) => r.vehicle.licensePlate },
  { header: 'license_plate_state', value: (r) => r.vehicle.licensePlateState },
  { header: 'site_id', value: (r) => r.row.siteId },
  { header: 'site_name', value: (r) => r.row.siteName },
  { header: 'plan_name', value: (r) => r.row.planName },
  { header: 'joined_at', value: (r) => r.row.customer.createdAt.toISOString() },
  // A consent not given has no time: null is an empty cell.
  { header: 'sms_consent', value: (r) => r.consent.smsMessaging.agreed },
  { header: 'sms_consent_at', value: (r) => r.consent.smsMessaging.at },
  // The number texted STOP (and not START since): nothing is texted to it, whatever the consent says.
  { header: 'sms_opted_out_at', value: (r) => r.row.smsOptedOutAt?.toISOString() ?? null },
  { header: 'newsletter_consent', value: (r) => r.consent.newsletters.agreed },
  { header: 'newsletter_consent_at', value: (r) => r.consent.newsletters.at },
  { header: 'terms_agreed_at', value: (r) => r.consent.terms.at },
  { header: 'consent_wording_version', value: (r) => r.consent.version },
  { header: 'consent_language', value: (r) => r.consent.language },
];

const csvRow = (row: MemberRow): CsvRow => ({
  row,
  vehicle: vehicleView(row.customer),
  consent: consentView(row.customer),
});

export function membersCsv(db: Db, sites: SiteScope, filters: MemberFilters): ReadableStream {
  async function* batches() {
    for await (const rows of keysetBatches((page) => listMemberRows(db, sites, { ...filters, ...page }))) {
      yield rows.map(csvRow);
    }
  }
  return csvStream(columns, batches());
}
