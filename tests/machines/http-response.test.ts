import { describe, expect, it } from 'vitest';
import { bodyOf, isSuccess, UnexpectedStatusError } from '../../machines/http-response';

describe('what a status means to every flow', () => {
  it.each([
    [199, false],
    [200, true],
    [201, true],
    [299, true],
    [300, false],
    [404, false],
  ])('%i is a success: %s', (status, expected) => {
    expect(isSuccess(status)).toBe(expected);
  });

  it('names an answer a flow cannot use by its status', () => {
    const error = new UnexpectedStatusError(503);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UnexpectedStatusError');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Unexpected HTTP status 503');
  });
});

describe('the body of an answer', () => {
  it('is the parsed JSON', async () => {
    expect(await bodyOf(new Response('{"error":{"code":"x"}}', { status: 400 }))).toEqual({ error: { code: 'x' } });
  });

  it('is null when there is none or it is not JSON, rather than a crash', async () => {
    expect(await bodyOf(new Response(null, { status: 502 }))).toBeNull();
    expect(await bodyOf(new Response('<html>Bad Gateway</html>', { status: 502 }))).toBeNull();
  });
});
