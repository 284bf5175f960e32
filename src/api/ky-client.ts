import ky from 'ky';
import { runtimeConfig } from '../lib/read-runtime-config';

/**
 * The one HTTP client. Retries are not ky's business: the statecharts decide when to try again, and POSTs carry
 * an Idempotency-Key so a retry never writes twice. The timeout turns a dead car-park connection into an error.
 */
export const api = ky.create({
  prefix: '/api',
  headers: { 'x-api-key': runtimeConfig.apiKey },
  timeout: 15_000,
  retry: 0,
});
