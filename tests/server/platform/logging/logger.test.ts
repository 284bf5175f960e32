import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { parseEnv } from '../../../../server/env';
import { jsonLogger, type LogLevel } from '../../../../server/platform/logging/logger';
import { openTestDatabase } from '../../helpers/test-database';
import type { Database } from '../../../../server/platform/db/client';

const API_KEY = 'test-api-key';

type Line = Record<string, unknown>;

function capture(level?: LogLevel) {
  const lines: string[] = [];
  const logger = jsonLogger((line) => lines.push(line), { level });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Line) };
}

describe('jsonLogger', () => {
  it('writes one JSON object a line with an ISO time, a level name, the event and the fields', () => {
    const { logger, lines, parsed } = capture();
    logger.info('request', { method: 'GET', status: 200 });
    logger.error('unhandled', { error: 'TypeError' });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain('\n');
    const [info, error] = parsed();
    expect(info).toEqual({ level: 'info', time: expect.any(String), event: 'request', method: 'GET', status: 200 });
    expect(new Date(info!.time as string).toISOString()).toBe(info!.time);
    expect(error).toMatchObject({ level: 'error', event: 'unhandled', error: 'TypeError' });
  });

  it('writes only the lines at or above its level', () => {
    const warn = capture('warn');
    warn.logger.debug('debugging');
    warn.logger.info('request');
    warn.logger.warn('slow');
    warn.logger.error('unhandled');
    expect(warn.parsed().map((line) => line.event)).toEqual(['slow', 'unhandled']);

    const debug = capture('debug');
    debug.logger.debug('debugging');
    expect(debug.parsed()).toMatchObject([{ level: 'debug', event: 'debugging' }]);

    const silent = capture('silent');
    silent.logger.error('unhandled');
    expect(silent.lines).toEqual([]);
  });

  it("takes its level from LOG_LEVEL: info unless set, one of pino's levels", () => {
    expect(parseEnv({}).logLevel).toBe('info');
    expect(parseEnv({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info/);
  });

  it('hides personal data passed by mistake, at the top and nested, and keeps what is technical', () => {
    const { lines, logger, parsed } = capture();
    const token = 'Q2hlY2tNZVBsZWFzZUNvZGUxMjM0NTY3';
    logger.info('careless', {
      email: 'dana.whitfield@example.com',
      mobileNumber: '+12015550177',
      code: token,
      status: 201,
      customer: {
        firstName: 'Dana',
        lastName: 'Whitfield',
        phone: '2015550177',
        home: { address: '12 Harbor Lane', city: 'Hoboken', postalCode: '07030' },
      },
      request: { headers: { authorization: 'Bearer sekret-admin-key' }, body: { comments: 'private words' } },
      webhook: { url: 'https://hooks.example/T0/secret-path?token=abc', secret: 'whsec_abc' },
    });
    const all = lines.join('\n');
    for (const personal of [
      'dana.whitfield',
      '5550177',
      token,
      'Dana',
      'Whitfield',
      'Harbor',
      'Hoboken',
      '07030',
      'sekret-admin-key',
      'private words',
      'hooks.example',
      'whsec_abc',
    ]) {
      expect(all).not.toContain(personal);
    }
    const [line] = parsed();
    expect(line).toMatchObject({ event: 'careless', status: 201, email: '[redacted]', code: '[redacted]' });
    expect(line!.customer).toMatchObject({ firstName: '[redacted]', home: { city: '[redacted]' } });
  });

  it('hides an email or a phone number in a flat line', () => {
    const { lines, logger, parsed } = capture();
    logger.info('careless', { email: 'dana.whitfield@example.com', phone: '+12015550177', status: 201 });
    expect(lines.join('\n')).not.toMatch(/whitfield|5550177/);
    expect(parsed()[0]).toMatchObject({ email: '[redacted]', phone: '[redacted]', status: 201 });
  });

  it("finds them at any depth and in lists, and leaves the caller's objects as they were", () => {
    const { lines, logger, parsed } = capture();
    const deep = { a: { b: { c: { d: { email: 'deep@example.com' } } } } };
    const list = [{ mobileNumber: '+12015550177' }, { note: 'fine' }];
    logger.info('careless', { deep, list });
    expect(lines.join('\n')).not.toContain('deep@example.com');
    expect(lines.join('\n')).not.toContain('5550177');
    expect(parsed()[0]).toMatchObject({
      deep: { a: { b: { c: { d: { email: '[redacted]' } } } } },
      list: [{ mobileNumber: '[redacted]' }, { note: 'fine' }],
    });
    expect(deep.a.b.c.d.email).toBe('deep@example.com');
    expect(list[0]!.mobileNumber).toBe('+12015550177');
  });

  it("keeps an error's code (SQLSTATE, socket code, driver label) but not a registration code", () => {
    const { logger, parsed } = capture();
    for (const code of ['57014', 'ECONNREFUSED', 'query_timeout', 'abcDEF_0123456789-abcDEF_01234567']) {
      logger.error('database_unavailable', { code });
    }
    expect(parsed().map((line) => line.code)).toEqual(['57014', 'ECONNREFUSED', 'query_timeout', '[redacted]']);
  });

  it('logs an Error passed by mistake by its class and code, never its message or stack', () => {
    const { logger, lines, parsed } = capture();
    const error = Object.assign(new TypeError('could not save Dana Whitfield'), { code: '23505' });
    logger.error('unhandled', { err: error, error });
    expect(lines.join('\n')).not.toContain('Whitfield');
    expect(lines.join('\n')).not.toMatch(/\bat\s.+:\d+/);
    expect(parsed()[0]).toMatchObject({
      err: { type: 'TypeError', code: '23505' },
      error: { type: 'TypeError', code: '23505' },
    });
  });

  it('writes stdout asynchronously, off the caller, and every line is out before process.exit ends it', () => {
    const logger = fileURLToPath(new URL('../../../../server/platform/logging/logger.ts', import.meta.url));
    // As main.ts does: log, then process.exit. Node's fs functions are watched to see how stdout is written.
    const script = `
      import { createRequire } from 'node:module';
      const fs = createRequire(import.meta.url)('node:fs');
      const calls = [];
      for (const name of ['write', 'writeSync']) {
        const original = fs[name];
        fs[name] = function (fd, ...rest) {
          if (fd === 1) calls.push(name);
          return original.call(this, fd, ...rest);
        };
      }
      process.on('exit', () => calls.push('exit'));
      const { jsonLogger } = await import(${JSON.stringify(logger)});
      const logger = jsonLogger();
      process.on('exit', () => logger.flush());
      process.on('exit', () => fs.writeSync(2, JSON.stringify(calls.filter((c, i) => c !== calls[i - 1]))));
      for (let i = 0; i < 20000; i += 1) logger.info('line', { i });
      process.exit(0);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(child.status).toBe(0);
    // While logging, lines went out through one asynchronous write (no caller waited on stdout); the 20 000 lines
    // outran it, and what was still buffered was written out at exit.
    expect(JSON.parse(child.stderr)).toEqual(['write', 'exit', 'writeSync']);
    const lines = child.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 'info', event: 'line', i: 19999 });
  });
});

describe('the log lines of requests', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('name the request: the request line and every line written while it is handled carry its requestId', async () => {
    const { logger, parsed } = capture();
    const app = createApp({ env: parseEnv({ API_KEY }), db: database.db, logger });
    await app.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a.1:2' } });
    // Outside any request: no id.
    logger.info('housekeeping');
    const [request, outside] = parsed();
    expect(request).toMatchObject({
      level: 'info',
      event: 'request',
      route: '/api/health',
      status: 200,
      requestId: 'lb-7f3a.1:2',
    });
    expect(outside).not.toHaveProperty('requestId');
  });

  it('tie an error line to the request that caused it', async () => {
    const closed = await openTestDatabase('pglite');
    const { logger, parsed } = capture();
    const app = createApp({ env: parseEnv({ API_KEY }), db: closed.db, logger });
    await closed.close();
    const response = await app.request('/api/surveys', {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'x-request-id': 'req-42' },
      body: JSON.stringify({ customerId: 'abc', comments: 'private words' }),
    });
    expect(response.status).toBe(500);
    const lines = parsed();
    expect(lines.map((line) => [line.level, line.event, line.requestId])).toEqual([
      ['error', 'unhandled', 'req-42'],
      ['info', 'request', 'req-42'],
    ]);
  });
});
