import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, surveys } from '../../../../server/platform/db/schema';
import { dayAt } from '../../../../src/domain/calendar-days';
import { AFTER_MESSAGE } from '../../../../src/domain/paging';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

/** What two members wrote, on a theme each; the others wrote "from <key>", which mentions none. */
const COMMENTS: Record<string, string> = {
  alan: 'from alan: the brushes scratched my mirror',
  ana: 'from ana: la espera fue eterna',
};

interface Joined {
  id: string;
  mobile: string;
}

describe.each(DRIVERS)('members, feedback and their exports on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let manager: { cookie: string; origin: string };
  const joined: Record<string, Joined> = {};

  /** A member who joined through a code issued at `site`, with a survey when `recommend` is given. */
  async function join(key: string, site: string, fields: Parameters<typeof validCustomer>[1], recommend?: number) {
    const mobile = `+1201555${String(Object.keys(joined).length + 1000).padStart(4, '0')}`;
    const issued = await t.issue({ siteId: site, mobileNumber: mobile });
    const res = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, fields) });
    if (res.status !== 201) throw new Error(`join ${key}: ${res.status} ${JSON.stringify(res.body)}`);
    joined[key] = { id: res.body.id as string, mobile };
    if (recommend !== undefined) {
      await t.call('POST', '/api/surveys', {
        json: {
          customerId: res.body.id,
          recommendToOthersScore: recommend,
          washQualityScore: 8,
          comments: COMMENTS[key] ?? `from ${key}`,
        },
      });
    }
    // Distinct join times, so "newest first" has one answer.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');

    await join(
      'ada',
      '7',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        isSubscribedToSmsMessaging: true,
        licensePlate: 'ada 1815',
        licensePlateState: 'IL',
        language: 'es',
      },
      10,
    );
    await join(
      'alan',
      '7',
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', isSubscribedToNewsletters: false },
      3,
    );
    await join('grace', '12', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }, 8);
    await join('percent', '12', { firstName: '50%', lastName: 'Off', email: 'deals@example.com' });
    await join('formula', '12', {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: '+SUM(A1)',
      email: 'x@example.com',
      city: '-2+3',
      address: '@cmd',
    });
    await join(
      'ana',
      '7',
      { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com', isSubscribedToNewsletters: false },
      7,
    );
    await join('adam', '12', { firstName: 'Adam', lastName: 'Smith', email: 'adam@example.com' }, 0);
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>) => ({ anonymous: true, headers });
  const ids = (body: { results: { id: string }[] }) => body.results.map((m) => m.id);
  const list = async (headers: Record<string, string>, query = '') =>
    t.call('GET', `/api/admin/members${query}`, as(headers));

  it('lists members newest first, in keyset pages with no gap or repeat', async () => {
    const all = await list(owner, '?limit=200');
    expect(ids(all.body)).toEqual(
      ['adam', 'ana', 'formula', 'percent', 'grace', 'alan', 'ada'].map((k) => joined[k]!.id),
    );
    expect(all.body.results[1]).toEqual({
      id: joined.ana!.id,
      name: 'Ana Lopez',
      email: 'ana@example.com',
      mobileLastFour: joined.ana!.mobile.slice(-4),
      siteId: '7',
      planName: 'Unlimited Wash Club',
      joinedAt: expect.any(String),
      isSubscribedToSmsMessaging: false,
      isSubscribedToNewsletters: false,
      smsOptedOut: false,
    });

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await list(owner, `?limit=3${after ? `&after=${after}` : ''}`);
      expect(page.body.results.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page.body));
      after = page.body.nextCursor as string | null;
    } while (after);
    expect(seen).toEqual(ids(all.body));
  });

  it('finds a member by the start of a name or email, by first and last name, or by the last four digits', async () => {
    const found = async (q: string) =>
      ((await list(owner, `?q=${encodeURIComponent(q)}`)).body.results as { name: string }[]).map((m) => m.name).sort();
    expect(await found('ad')).toEqual(['Ada Lovelace', 'Adam Smith']);
    expect(await found('TURING')).toEqual(['Alan Turing']);
    expect(await found('grace@')).toEqual(['Grace Hopper']);
    expect(await found('ana lo')).toEqual(['Ana Lopez']);
    expect(await found(joined.grace!.mobile.slice(-4))).toEqual(['Grace Hopper']);
    expect(await found('50%')).toEqual(['50% Off']);
    expect(await found('5_%')).toEqual([]);
    expect(await found('lace')).toEqual([]);
  });

  it('filters by site, by consent and by the day they joined', async () => {
    const names = async (query: string) =>
      ((await list(owner, query)).body.results as { name: string }[]).map((m) => m.name.split(' ')[0]).sort();
    expect(await names('?site=7')).toEqual(['Ada', 'Alan', 'Ana']);
    expect(await names('?consent=sms')).toEqual(['Ada']);
    expect(await names('?consent=none&site=7')).toEqual(['Alan', 'Ana']);
    // The day they joined on the owner's clock for all sites: DEFAULT_TIMEZONE while they have set no zone.
    const today = dayAt(new Date(), 'America/New_York');
    expect((await list(owner, `?from=${today}&to=${today}`)).body.results).toHaveLength(7);
    expect((await list(owner, '?to=2020-01-01')).body.results).toHaveLength(0);
    expect((await list(owner, '?consent=maybe')).status).toBe(400);
  });

  it('shows a manager their own site only: another site is refused, or absent, however the request is edited', async () => {
    expect(ids((await list(manager)).body).sort()).toEqual([joined.ada!.id, joined.alan!.id, joined.ana!.id].sort());
    expect((await list(manager, '?site=12')).status).toBe(403);
    expect((await list(manager, '?q=grace')).body.results).toEqual([]);
    const other = await t.call('GET', `/api/admin/members/${joined.grace!.id}`, as(manager));
    expect(other.status).toBe(404);
    const feedback = await t.call('GET', '/api/admin/feedback', as(manager));
    // Site 7's feedback, and only it: a set of no sites would not pass.
    expect(new Set((feedback.body.results as { siteId: string }[]).map((s) => s.siteId))).toEqual(new Set(['7']));
    expect((await t.call('GET', '/api/admin/feedback?site=12', as(manager))).status).toBe(403);
    expect((await t.call('GET', '/api/admin/feedback/themes?site=12', as(manager))).status).toBe(403);
    expect((await t.call('GET', '/api/admin/feedback/themes?from=someday', as(manager))).status).toBe(400);
    for (const path of ['/api/admin/members.csv', '/api/admin/feedback.csv', '/api/admin/members.csv?site=7']) {
      expect((await t.call('GET', path, as(manager))).status).toBe(403);
    }
  });

  it('tells a manager nothing of another site’s members or surveys through a cursor: an id is no cursor', async () => {
    const [theirSurvey] = await t.database.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.customerId, joined.grace!.id));
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, theirs] of [
      ['/api/admin/members', joined.grace!.id],
      ['/api/admin/feedback', theirSurvey!.id],
    ] as const) {
      for (const id of [theirs, unknown]) {
        const res = await t.call('GET', `${path}?after=${id}`, as(manager));
        expect(res.status, `${path} ${id}`).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'validation_failed', issues: { after: AFTER_MESSAGE } });
      }
    }
  });

  it("opens a member's page with profile, vehicle, consent evidence, registration and surveys, and audits it", async () => {
    const res = await t.call('GET', `/api/admin/members/${joined.ada!.id}`, as(manager));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: joined.ada!.id,
      profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobileNumber: joined.ada!.mobile },
      vehicle: {
        year: 2019,
        make: 'Toyota',
        model: 'RAV4',
        color: 'Blue',
        licensePlate: 'ADA1815',
        licensePlateState: 'IL',
      },
      consent: {
        version: expect.any(String),
        language: 'es',
        terms: { agreed: true, at: expect.any(String) },
        smsMessaging: { agreed: true, at: expect.any(String) },
        newsletters: { agreed: true, at: expect.any(String) },
      },
      registration: { planName: 'Unlimited Wash Club', siteId: '7', isManual: false, openedAt: null },
    });
    expect(res.body.registration.completedAt).toEqual(expect.any(String));
    expect(res.body.surveys).toMatchObject([
      { band: 'promoter', comments: 'from ada', scores: { recommendToOthersScore: 10 } },
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, joined.ada!.id));
    expect(audit.map((row) => row.action)).toContain('member_viewed');
    expect((await t.call('GET', '/api/admin/members/not-a-uuid', as(owner))).status).toBe(404);
  });

  it('lists feedback newest first by score band; unanswered is in no band', async () => {
    const band = async (name: string) =>
      ((await t.call('GET', `/api/admin/feedback?band=${name}`, as(owner))).body.results as { comments: string }[]).map(
        (s) => s.comments,
      );
    expect(await band('detractor')).toEqual([COMMENTS.alan]);
    expect(await band('passive')).toEqual([COMMENTS.ana, 'from grace']);
    expect(await band('promoter')).toEqual(['from ada']);
    const all = await t.call('GET', '/api/admin/feedback', as(owner));
    expect(all.body.results[0]).toMatchObject({
      comments: 'from adam',
      band: null,
      memberName: 'Adam Smith',
      siteId: '12',
      themes: [],
    });
  });

  it('lists feedback by a theme its comments mention, each entry with its themes, and refuses another theme', async () => {
    const theme = async (query: string, who = owner) =>
      (
        (await t.call('GET', `/api/admin/feedback?${query}`, as(who))).body.results as {
          comments: string;
          themes: string[];
        }[]
      ).map((s) => [s.comments, s.themes]);
    expect(await theme('theme=damage')).toEqual([[COMMENTS.alan, ['damage', 'equipment']]]);
    expect(await theme('theme=equipment', manager)).toEqual([[COMMENTS.alan, ['damage', 'equipment']]]);
    expect(await theme('theme=wait_time')).toEqual([[COMMENTS.ana, ['wait_time']]]);
    expect(await theme('theme=wait_time&site=12')).toEqual([]);
    expect(await theme('theme=damage&band=promoter')).toEqual([]);
    expect(await theme('theme=billing_membership')).toEqual([]);
    for (const path of ['/api/admin/feedback', '/api/admin/feedback.csv']) {
      const refused = await t.call('GET', `${path}?theme=rust`, as(owner));
      expect(refused.status, path).toBe(400);
      expect(refused.body.error, path).toMatchObject({
        code: 'validation_failed',
        issues: {
          theme:
            'theme is wash_quality, damage, staff, wait_time, price_value, site_cleanliness, equipment or billing_membership',
        },
      });
    }
  });

  it('exports members as CSV: a header row, consent columns, formulas neutralised, and an audit row', async () => {
    const res = await t.call('GET', '/api/admin/members.csv', as(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse<Record<string, string>>(res.body as string, { bom: true, columns: true });
    expect(rows).toHaveLength(7);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining([
        'email',
        'mobile_number',
        'sms_consent',
        'sms_consent_at',
        'terms_agreed_at',
        'consent_wording_version',
      ]),
    );
    const formula = rows.find((row) => row.id === joined.formula!.id)!;
    expect(formula.first_name).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(formula.last_name).toBe("'+SUM(A1)");
    expect(formula.city).toBe("'-2+3");
    expect(formula.address).toBe("'@cmd");
    const ada = rows.find((row) => row.id === joined.ada!.id)!;
    expect(ada).toMatchObject({ first_name: 'Ada', sms_consent: 'yes', newsletter_consent: 'yes', site_id: '7' });

    const filtered = parse<Record<string, string>>(
      (await t.call('GET', '/api/admin/members.csv?site=7&consent=none', as(owner))).body as string,
      {
        bom: true,
        columns: true,
      },
    );
    expect(filtered.map((row) => row.first_name).sort()).toEqual(['Alan', 'Ana']);
    const exports = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'export'));
    expect(exports.length).toBeGreaterThanOrEqual(2);
  });

  it('exports feedback as CSV with the band, every score and the themes, by theme too', async () => {
    const res = await t.call('GET', '/api/admin/feedback.csv?band=passive', as(owner));
    const rows = parse<Record<string, string>>(res.body as string, { bom: true, columns: true });
    expect(rows.map((row) => [row.member_name, row.band, row.recommend_to_others])).toEqual([
      ['Ana Lopez', 'passive', '7'],
      ['Grace Hopper', 'passive', '8'],
    ]);
    const damage = await t.call('GET', '/api/admin/feedback.csv?theme=damage', as(owner));
    expect(
      parse<Record<string, string>>(damage.body as string, { bom: true, columns: true }).map((row) => [
        row.member_name,
        row.themes,
      ]),
    ).toEqual([['Alan Turing', 'Damage; Equipment']]);
  });
});
