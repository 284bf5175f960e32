import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form's fields as Twilio posts them; a name sent more than once keeps every value. */
export type TwilioParams = Record<string, string | string[]>;

/** The fields of a form-encoded body, a repeated name's values in an array (as Twilio's helper library reads them). */
export function formParams(body: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = params[name];
    params[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return params;
}

/**
 * `X-Twilio-Signature` as Twilio computes it (docs "Webhooks security", and `getExpectedTwilioSignature` in
 * twilio-node): base64 HMAC-SHA1, keyed with the account's auth token, of the full URL Twilio was configured with
 * (query string included) followed by each POST field sorted by name, as its name and value run together; a name
 * sent more than once contributes each distinct value, sorted.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  // As written: a parsed URL would drop a default port (`:443`), which Twilio may have signed with.
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
    for (const each of values) data += name + each;
  }
  // A string is hashed as UTF-8: a Body in Spanish ("¿más?") is signed over its UTF-8 bytes, as Twilio signs it.
  return createHmac('sha1', authToken).update(data).digest('base64');
}

/** The URL as written with its scheme's port (`https://club.example:443/…`), or without it. */
function withAndWithoutPort(url: string): string[] {
  const parsed = new URL(url);
  const withoutPort = new URL(url);
  withoutPort.port = '';
  if (parsed.port) return [parsed.toString(), withoutPort.toString()];
  const standard = parsed.protocol === 'https:' ? '443' : '80';
  const withPort = `${parsed.protocol}//${parsed.host}:${standard}${parsed.pathname}${parsed.search}`;
  return [withPort, withoutPort.toString()];
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Whether `signature` is Twilio's for this URL and these fields. Like Twilio's own `validateRequest`, the URL is
 * tried with and without its scheme's port, since Twilio's signing has been seen to differ on it; both comparisons
 * are in constant time and both are always made.
 */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  const matches = withAndWithoutPort(url).map((candidate) =>
    sameText(signature, twilioSignature(authToken, candidate, params)),
  );
  return matches.some(Boolean);
}
