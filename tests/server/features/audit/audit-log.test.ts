import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../../server/features/audit/record-audit';
import { auditEvents } from '../../../../server/platform/db/schema';
import type { AuditEvent } from '../../../../src/domain/audit';
import { addStaff, sessionOf } from '../../helpers/staff-session';
import { CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { DRIVERS } from '../../helpers/test-database';
import { seedMember, type SeededMember } from '../members/support/member-fixture';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe.each(DRIVERS)('the owners’ audit log on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  let ownerId: string;
  let managerId: string;
  let kept: SeededMember;
  let erased: SeededMember;

  const get = (path: string, headers = owner) => t.call('GET', path, { anonymous: true, headers });
  const events = async (query = '') => {
    const res = await get(`/api/admin/audit-events${query}`);
    expect(res.status).toBe(200);
    return res.body.results as AuditEvent[];
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    ownerId = (await addStaff(t, { email: 'owner@wash.example', role: 'owner', name: 'Olive Owner' })).id;
    managerId = (await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] })).id;
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
    // The owner's days are Los Angeles days.
    await t.call('PATCH', '/api/admin/account/settings', {
      anonymous: true,
      headers: owner,
      json: { timeZone: 'America/Los_Angeles' },
    });
    kept = await seedMember(t.database.db, {
      email: 'kim@example.com',
      mobileNumber: '+12015550111',
      firstName: 'Kim',
    });
    erased = await seedMember(t.database.db, { email: 'dana@example.com', mobileNumber: '+12015550143' });
    const json = (method: string, path: string, body: unknown) =>
      t.call(method, path, { anonymous: true, headers: owner, json: body });
    await json('PATCH', '/api/admin/sites/7', { name: 'Harbor' });
    await json('POST', '/api/admin/api-keys', { name: 'Till 2', scopes: ['registrations:issue'] });
    for (const member of [kept, erased]) await get(`/api/admin/members/${member.customerId}`);
    await t.call('POST', '/api/admin/member-data/erase', {
      anonymous: true,
      headers: { authorization: `Bearer ${CLI_KEY}` },
      json: { email: 'dana@example.com' },
    });
  });
  afterAll(() => t.close());

  it('names who acted and what it was about, the erased member as erased, and never shows an id', async () => {
    const rows = await events();
    const of = (action: string) => rows.filter((row) => row.action === action);
    expect(of('staff_added').map((row) => [row.actor, row.targets])).toEqual(
      expect.arrayContaining([
        [
          { kind: 'cli', id: null, name: 'command line' },
          [{ kind: 'staff', id: managerId, name: 'site7@wash.example' }],
        ],
      ]),
    );
    expect(of('site_changed')).toMatchObject([
      { actor: { kind: 'staff', name: 'Olive Owner' }, targets: [{ kind: 'site', name: 'Harbor' }], siteId: '7' },
    ]);
    expect(of('api_key_created')).toMatchObject([{ targets: [{ kind: 'key', name: 'Till 2' }] }]);
    expect(of('member_viewed').map((row) => [row.targets, row.siteId])).toEqual([
      [[{ kind: 'erased', id: null, name: 'erased member' }], null],
      [[{ kind: 'member', id: kept.customerId, name: 'Kim Whitfield' }], '7'],
    ]);
    const names = rows.flatMap((row) => [row.actor.name, ...row.targets.map((target) => target.name)]);
    expect(names.filter((name) => UUID.test(name))).toEqual([]);
  });

  it('filters by who, what and the owner’s calendar days, and pages by key', async () => {
    expect(new Set((await events('?who=cli')).map((row) => row.actor.kind))).toEqual(new Set(['cli']));
    const signIns = await events(`?who=staff:${ownerId}&action=sign_in`);
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.filter((row) => row.actor.id !== ownerId || row.action !== 'sign_in')).toEqual([]);

    // 07:30 UTC on 1 March is still 28 February in Los Angeles.
    await t.database.db.insert(auditEvents).values({
      id: crypto.randomUUID(),
      at: new Date('2026-03-01T07:30:00Z'),
      actorKind: 'cli',
      action: 'export',
      subjectId: 'members',
    });
    expect((await events('?from=2026-02-28&to=2026-02-28')).map((row) => row.targets[0]?.name)).toEqual([
      'members list',
    ]);
    expect(await events('?from=2026-03-01&to=2026-03-01')).toEqual([]);

    const all = await events();
    const first = await get('/api/admin/audit-events?limit=2');
    const second = await get(`/api/admin/audit-events?limit=2&after=${first.body.nextCursor}`);
    expect([...first.body.results, ...second.body.results].map((row: AuditEvent) => row.id)).toEqual(
      all.slice(0, 4).map((row) => row.id),
    );

    const refused = await get('/api/admin/audit-events?who=someone');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_failed', issues: { who: expect.any(String) } });
  });

  it('refuses managers the log and its export, and audits an owner’s export of the filtered rows', async () => {
    for (const path of ['/api/admin/audit-events', '/api/admin/audit-events.csv']) {
      const res = await get(path, manager);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    await recordAudit(t.database.db, { actor: { kind: 'key', id: 'environment' }, action: 'code_shown' });
    const csv = await get('/api/admin/audit-events.csv?action=member_viewed');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',')[6])).toEqual(['erased member', 'Kim Whitfield']);
    const exports = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, 'audit'));
    expect(exports).toMatchObject([{ actorKind: 'staff', actorId: ownerId, action: 'export' }]);
  });
});
