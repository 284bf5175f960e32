import pino, { type DestinationStream, type LevelWithSilent } from 'pino';
import { currentRequestId } from '../http/request-id';

/**
 * Structured logs, one JSON object a line. Callers pass only technical fields (route patterns, statuses,
 * error classes): never names, emails, phone numbers, registration codes or stack traces. The redaction below is
 * the safety net for the caller who forgets, not a licence to pass personal data.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** The process's logger: a `Logger` with the other levels, and a way to write out what is still buffered. */
export interface ProcessLogger extends Logger {
  warn(event: string, fields?: Record<string, unknown>): void;
  debug(event: string, fields?: Record<string, unknown>): void;
  /** Writes out every buffered line, synchronously: call it before `process.exit`, which would drop them. */
  flush(): void;
}

export type LogLevel = LevelWithSilent;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies LogLevel[];

/**
 * Field names that can hold personal data or a secret, at any depth. `url` is among them: a webhook receiver's
 * address may carry its credential in the query. `path` too: request paths may hold a registration code (log
 * `route`, the pattern, instead).
 */
const PERSONAL_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'name',
  'mobileNumber',
  'phone',
  'phoneNumber',
  'address',
  'address2',
  'city',
  'postalCode',
  'token',
  'registrationToken',
  'code',
  'comments',
  'password',
  'newPassword',
  'currentPassword',
  'authorization',
  'cookie',
  'secret',
  'authToken',
  'apiKey',
  'url',
  'path',
  'query',
  'body',
  'headers',
  'ip',
];
const PERSONAL = new Set(PERSONAL_FIELDS);

/**
 * `code` is also this app's own field for an error's code (a SQLSTATE such as 57014, a socket code such as
 * ECONNREFUSED, a driver label such as query_timeout), which is what makes an outage readable: those shapes are
 * kept. A registration code (32 base64url characters) or anything else is not.
 */
const ERROR_CODE = /^(?:[0-9A-Z]{5}|E[A-Z_]{2,24}|[a-z][a-z_]{1,31})$/;

const REDACTED = '[redacted]';
const censor = (value: unknown, field: string | undefined) =>
  field === 'code' && typeof value === 'string' && ERROR_CODE.test(value) ? value : REDACTED;

/** An error passed by mistake is logged by its class and code: its message and stack may quote submitted values. */
const safeError = (error: unknown) => {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === 'string' && ERROR_CODE.test(code) ? { code } : {}) };
};

/** Deeper than any field a caller should pass: cut rather than walked. */
const MAX_DEPTH = 6;

/**
 * A copy of `value` with every personal field censored and every Error reduced, however deep; the caller's own
 * objects are left as they are.
 */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (value instanceof Error) return safeError(value);
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    copy[field] = PERSONAL.has(field) ? censor(inner, field) : scrub(inner, depth + 1);
  }
  return copy;
}

/**
 * pino's `redact` censors the personal fields of a line's top level, at about a microsecond a line. Its wildcard
 * paths (`*.email`, `*.*.email`) would cost some 80 µs a line, every line, for the rare caller who nests: so a line
 * holding an object is walked instead, whatever its depth, and the flat lines that make up the log pay nothing.
 */
function scrubNested(line: Record<string, unknown>): Record<string, unknown> {
  for (const field in line) {
    const value = line[field];
    if (typeof value === 'object' && value !== null) return scrub(line, 0) as Record<string, unknown>;
  }
  return line;
}

/**
 * Logs through pino. Without `write`, lines go to stdout through pino's asynchronous destination (buffered, written
 * off the request's path; `flush()` before exiting). With `write`, each line (without its newline) is handed to it
 * synchronously: for tests and the benchmarks.
 */
export function jsonLogger(write?: (line: string) => void, options: { level?: LogLevel } = {}): ProcessLogger {
  const destination: DestinationStream & { flushSync?: () => void } = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 1, sync: false });
  const log = pino(
    {
      level: options.level ?? 'info',
      // The event name is the message: tools that read pino's lines find it there, and no `msg` repeats it.
      messageKey: 'event',
      // No pid or hostname: the platform running the instances labels their lines.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: scrubNested },
      // Every line written while a request is handled names it, whoever writes it (see request-id.ts).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: { paths: PERSONAL_FIELDS, censor: (value, path) => censor(value, path.at(-1)) },
      serializers: { err: safeError, error: safeError },
    },
    destination,
  );
  const at =
    (level: 'info' | 'error' | 'warn' | 'debug') =>
    (event: string, fields: Record<string, unknown> = {}) =>
      log[level]({ event, ...fields });
  return {
    info: at('info'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    flush: () => {
      try {
        destination.flushSync?.();
      } catch {
        // Nothing to flush, or stdout already gone: there is nowhere left to report it.
      }
    },
  };
}

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
