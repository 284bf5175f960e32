import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../../server/audit/list-audit';
import { recordAudit } from '../../../server/audit/record-audit';
import type { Database } from '../../../server/db/client';
import { auditEvents } from '../../../server/db/schema';
import { EMBEDDED_ONLY, openTestDatabase } from '../helpers/test-database';

describe.each(EMBEDDED_ONLY)('the audit log on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('records who acted, what, on what and from where; the command line has no id', async () => {
    await recordAudit(database.db, {
      actor: { kind: 'staff', id: 'staff-1' },
      action: 'member_viewed',
      subjectId: 'customer-1',
      client: '203.0.113.7',
    });
    await recordAudit(database.db, { actor: { kind: 'key', id: 'key-1' }, action: 'code_issued' });
    await recordAudit(database.db, { actor: { kind: 'cli' }, action: 'staff_added', subjectId: 'staff-2' });
    const rows = await listAudit(database.db);
    expect(rows).toHaveLength(3);
    const byAction = Object.fromEntries(rows.map(({ id: _id, at: _at, ...row }) => [row.action, row]));
    expect(byAction).toEqual({
      member_viewed: {
        actorKind: 'staff',
        actorId: 'staff-1',
        action: 'member_viewed',
        subjectId: 'customer-1',
        client: '203.0.113.7',
      },
      code_issued: { actorKind: 'key', actorId: 'key-1', action: 'code_issued', subjectId: null, client: null },
      staff_added: { actorKind: 'cli', actorId: null, action: 'staff_added', subjectId: 'staff-2', client: null },
    });
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the latest 200, newest first, ties by id, with ISO times', async () => {
    await database.db.delete(auditEvents);
    const base = Date.parse('2026-02-01T00:00:00.000Z');
    await database.db.insert(auditEvents).values(
      Array.from({ length: 201 }, (_, i) => ({
        id: `event-${String(i).padStart(3, '0')}`,
        at: new Date(base + Math.floor(i / 2) * 1000),
        actorKind: 'cli',
        action: 'export',
      })),
    );
    const rows = await listAudit(database.db);
    expect(rows).toHaveLength(200);
    expect(rows.slice(0, 3).map((row) => [row.id, row.at])).toEqual([
      ['event-200', '2026-02-01T00:01:40.000Z'],
      ['event-199', '2026-02-01T00:01:39.000Z'],
      ['event-198', '2026-02-01T00:01:39.000Z'],
    ]);
    expect(rows.at(-1)!.id).toBe('event-001');
  });
});
