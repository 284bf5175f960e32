import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { startTestApp, type TestApp } from '../../helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(EMBEDDED_ONLY)('x-request-id on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const loggedIds = () => t.logs.map((line) => (JSON.parse(line) as { requestId?: unknown }).requestId);

  it('is generated when none is sent, echoed, and written in the request line', async () => {
    t.logs.length = 0;
    const first = await t.call('GET', '/api/health');
    const second = await t.call('GET', '/api/health');
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(loggedIds()).toEqual(ids);
  });

  it.for(['lb-7f3a9c', 'abc.def:ghi_jkl-0', 'a', 'x'.repeat(128)])('keeps a sane incoming id: %s', async (id) => {
    t.logs.length = 0;
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(loggedIds()).toEqual([id]);
  });

  it.for([
    ['too long', 'x'.repeat(129)],
    ['a space', 'abc def'],
    ['a quote', 'abc"def'],
    ['a slash', '../../etc'],
    ['an encoded line break', 'abc%0d%0aSet-Cookie:x'],
    ['an equals sign', 'Root=1-5759e988'],
    ['non-ASCII', 'réf-1'],
  ] as const)('replaces an incoming id with %s', async ([, id]) => {
    t.logs.length = 0;
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(loggedIds()).toEqual([res.headers.get('x-request-id')]);
  });

  it('is on every answer: refusals, errors and unknown paths too', async () => {
    for (const [method, path, anonymous] of [
      ['GET', '/api/customers/nobody', true],
      ['GET', '/api/nothing-here', false],
      ['GET', '/nothing-here', false],
      ['POST', '/api/customers', false],
    ] as const) {
      const res = await t.call(method, path, { anonymous, headers: { 'x-request-id': 'trace-1' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('x-request-id')).toBe('trace-1');
    }
  });
});
