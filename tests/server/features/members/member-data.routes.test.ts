import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../../../server/platform/db/schema';
import { addStaff, sessionOf } from '../../helpers/staff-session';
import { CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { seedMember, type SeededMember } from './support/member-fixture';

const bearer = { authorization: `Bearer ${CLI_KEY}` };

describe.each(EMBEDDED_ONLY)('the member-data admin routes on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  let member: SeededMember;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
    member = await seedMember(t.database.db, { email: 'dana@example.com', mobileNumber: '+12015550143' });
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, headers: Record<string, string>) =>
    t.call('POST', `/api/admin/member-data/${path}`, { anonymous: true, json, headers });
  const audit = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  it('refuses a manager, and a caller without credentials, on both', async () => {
    for (const path of ['export', 'erase']) {
      expect((await post(path, { email: 'dana@example.com' }, manager)).status).toBe(403);
      expect((await post(path, { email: 'dana@example.com' }, {})).status).toBe(401);
    }
    expect(await t.database.db.select().from(customers)).toHaveLength(1);
  });

  it('exports for an owner, audited with the customer id only', async () => {
    const res = await post('export', { email: ' Dana@Example.com ' }, owner);
    expect(res.status).toBe(200);
    expect((res.body as { customers: { id: string }[] }).customers.map((c) => c.id)).toEqual([member.customerId]);
    expect(JSON.stringify(res.body)).not.toContain(member.token);
    const [row] = await audit('export');
    expect(row).toMatchObject({ actorKind: 'staff', subjectId: member.customerId });
  });

  it('answers 404 for an unknown email, and 400 without one, writing no audit row', async () => {
    const before = (await t.database.db.select().from(auditEvents)).length;
    const unknown = await post('erase', { email: 'nobody@example.com' }, bearer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'No member has this email.' });
    expect((await post('export', { email: '  ' }, bearer)).status).toBe(400);
    expect((await post('export', {}, bearer)).status).toBe(400);
    expect((await t.database.db.select().from(auditEvents)).length).toBe(before);
  });

  it('erases with the bearer key (the command line) and records it, without the email', async () => {
    const res = await post('erase', { email: 'dana@example.com' }, bearer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customerIds: [member.customerId], counts: { customers: 1, registrations: 1 } });
    expect(await t.database.db.select().from(customers)).toEqual([]);
    const [row] = await audit('member_erased');
    expect(row).toMatchObject({ actorKind: 'cli', actorId: null });
    expect(JSON.stringify(row)).not.toMatch(/dana|example\.com|\+1201/i);
  });
});
