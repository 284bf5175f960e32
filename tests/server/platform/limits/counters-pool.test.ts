import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLimitStore } from '../../../../server/platform/limits/limit-store';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

/**
 * On PostgreSQL without Redis, a survey counts its budgets inside its transaction. With more surveys at once than the
 * request pool holds connections, each held one and waited for another to count with: none finished.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('throttles counted in PostgreSQL, many requests at once', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(
      'postgres',
      {},
      { limitStore: (database) => openLimitStore({ redisUrl: undefined, database }).store },
    );
  });
  afterAll(() => test.close());

  it('stores 25 surveys sent together, more than the pool has connections', async () => {
    const issued = await test.issue();
    const customer = await test.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(customer.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        test.call('POST', '/api/surveys', {
          json: { customerId: customer.body.id, recommendToOthersScore: 9, comments: '' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 25 }, () => 201));
  });
});
