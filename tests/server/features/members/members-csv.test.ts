import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, registrations, sites } from '../../../../server/platform/db/schema';
import { membersCsv } from '../../../../server/features/members/members-csv';
import { customerRow } from '../../helpers/customer-row';
import { EMBEDDED_ONLY, openTestDatabase, type Driver } from '../../helpers/test-database';
import type { Database } from '../../../../server/platform/db/client';

describe.each(['pglite'] as Driver[])('the members export on %s', (driver) => {
  let database: Database;
  const MEMBERS = 2_500;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const now = Date.now();
    for (let start = 0; start < MEMBERS; start += 500) {
      const batch = Array.from({ length: 500 }, (_, i) => start + i);
      await database.db.insert(registrations).values(
        batch.map((n) => ({
          id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          mobileNumber: `+1201555${String(n).padStart(4, '0')}`,
          saleDate: new Date(now),
          siteId: String(n % 3),
          isCompleted: true,
        })),
      );
      await database.db.insert(customers).values(
        batch.map((n) =>
          customerRow({
            id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            registrationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            mobileNumber: `+1201555${String(n).padStart(4, '0')}`,
            firstName: `Member${n}`,
            lastName: 'Ñúñez',
            // Every third member gave no plate.
            ...(n % 3 === 0 ? {} : { licensePlate: `P${n}`, licensePlateState: 'TX' }),
            ...(n === 1 ? { consentLanguage: 'es' } : {}),
            isSubscribedToNewsletters: n % 2 === 0,
            termsAgreedAt: new Date(now),
            // Many members share a second, as a busy sale day has them: the keyset must not skip or repeat any.
            createdAt: new Date(now - Math.floor(n / 7) * 1000),
          }),
        ),
      );
    }
  });
  afterAll(() => database.close());

  it('streams every member once, across several database batches, in UTF-8', async () => {
    const text = await new Response(membersCsv(database.db, 'all', {})).text();
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true });
    expect(rows).toHaveLength(MEMBERS);
    expect(new Set(rows.map((row) => row.id)).size).toBe(MEMBERS);
    expect(rows[0]!.last_name).toBe('Ñúñez');
  });

  it('has the plate and its state next to the vehicle, and the language of the consent wording', async () => {
    const text = await new Response(membersCsv(database.db, 'all', {})).text();
    const [header] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain('vehicle_color,license_plate,license_plate_state,');
    expect(header).toContain('consent_wording_version,consent_language');
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true });
    const byName = new Map(rows.map((row) => [row.first_name, row]));
    expect(byName.get('Member1')).toMatchObject({
      license_plate: 'P1',
      license_plate_state: 'TX',
      consent_language: 'es',
    });
    expect(byName.get('Member3')).toMatchObject({ license_plate: '', license_plate_state: '', consent_language: 'en' });
  });

  it('applies the filters to every batch', async () => {
    const text = await new Response(membersCsv(database.db, ['1'], { consent: 'newsletter' })).text();
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true });
    const expected = Array.from({ length: MEMBERS }, (_, n) => n).filter((n) => n % 3 === 1 && n % 2 === 0);
    expect(rows.map((row) => row.first_name).sort()).toEqual(expected.map((n) => `Member${n}`).sort());
  });
});

describe.each(EMBEDDED_ONLY)("the members export's columns on %s", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(sites).values({ id: '7', name: 'Main Street', named: true });
    await database.db.insert(registrations).values({
      id: 'reg-1',
      mobileNumber: '+12015550101',
      saleDate: new Date('2026-11-01T00:00:00Z'),
      siteId: '7',
      planName: 'Unlimited Gold',
      isCompleted: true,
    });
    // Every column the export writes is named here, as the expected row below reads it.
    await database.db.insert(customers).values(
      customerRow({
        id: 'cus-1',
        registrationId: 'reg-1',
        mobileNumber: '+12015550101',
        firstName: '=Dana',
        lastName: 'Whitfield',
        address: '12 Harbor Lane',
        address2: 'Apt 4',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62704',
        email: 'dana@example.com',
        vehicleYear: 2019,
        vehicleMake: 'Toyota',
        vehicleModel: 'RAV4',
        vehicleColor: 'Blue',
        licensePlate: 'ABC123',
        licensePlateState: 'IL',
        isSubscribedToNewsletters: false,
        isSubscribedToSmsMessaging: true,
        smsConsentAt: new Date('2026-11-02T10:00:01Z'),
        consentVersion: '2026-09',
        consentLanguage: 'es',
        termsAgreedAt: new Date('2026-11-02T10:00:02Z'),
        createdAt: new Date('2026-11-02T10:00:03Z'),
      }),
    );
  });
  afterAll(() => database.close());

  it('writes every field of the profile and its consent evidence, each under its own header', async () => {
    const bytes = await new Response(membersCsv(database.db, 'all', {})).arrayBuffer();
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(csv.split('\n')).toEqual([
      '\uFEFFid,first_name,last_name,email,mobile_number,address,address2,city,state,zip,vehicle_year,vehicle_make,' +
        'vehicle_model,vehicle_color,license_plate,license_plate_state,site_id,site_name,plan_name,joined_at,sms_consent,' +
        'sms_consent_at,sms_opted_out_at,newsletter_consent,newsletter_consent_at,terms_agreed_at,' +
        'consent_wording_version,consent_language',
      "cus-1,'=Dana,Whitfield,dana@example.com,'+12015550101,12 Harbor Lane,Apt 4,Springfield,IL,62704,2019,Toyota," +
        'RAV4,Blue,ABC123,IL,7,Main Street,Unlimited Gold,2026-11-02T10:00:03.000Z,yes,2026-11-02T10:00:01.000Z,,no,,' +
        '2026-11-02T10:00:02.000Z,2026-09,es',
      '',
    ]);
  });
});
