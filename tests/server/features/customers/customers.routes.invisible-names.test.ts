import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../../server/platform/db/schema';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

describe.each(EMBEDDED_ONLY)('POST /api/customers with a name that shows nothing on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const customerCount = async () => (await t.database.db.select({ n: count() }).from(customers))[0]!.n;

  it.each([
    ['only zero-width characters', '\u200B\u200C\u200D\u2060'],
    ['a right-to-left override', 'Da\u202Ena'],
  ])('answers 400 "First Name is required" for %s and writes nothing', async (_, firstName) => {
    const issued = await t.issue();
    const before = await customerCount();
    const res = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, { firstName }) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({ firstName: 'First Name is required' });
    expect(await customerCount()).toBe(before);
  });

  it('stores a Persian name whose zero-width non-joiner sits between letters', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { lastName: 'می\u200Cخواهم' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.lastName).toBe('می\u200Cخواهم');
  });
});
