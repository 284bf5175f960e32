import { api } from './client';

/** Any status is an answer: what a refused code means is the profile flow's to decide (machines/profile). */
export function getRegistration(token: string, signal: AbortSignal) {
  return api.get(`registration-tokens/${encodeURIComponent(token)}`, { signal, throwHttpErrors: false });
}
