import type { Context } from 'hono';
import { ApiError } from './api-error';

/** The request body as JSON, and its raw text (the idempotency fingerprint); a clear 4xx when it is neither. */
export async function readJson(c: Context): Promise<{ body: unknown; text: string }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const text = await c.req.text();
  try {
    return { body: JSON.parse(text) as unknown, text };
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
