import { api } from './client';

/** Any status is an answer: what a refused code means is the profile flow's to decide (machines/profile). */
export async function getRegistration(token: string, signal: AbortSignal) {
  const client = await api();
  return client.get(`registration-tokens/${encodeURIComponent(token)}`, { signal, throwHttpErrors: false });
}
