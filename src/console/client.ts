import { infiniteQueryOptions } from '@tanstack/react-query';
import ky from 'ky';
import type { ApiErrorBody } from '../domain/api-error-body';
import type { Page } from '../domain/paging';
import { withDemoFlag } from './demo-data/show-demo';

/**
 * The console's client: its routes are authenticated by the session cookie, not by the customer app's key. Any
 * status is an answer (the flows decide what it means); a 401 on a page's query sends the staff member to sign in.
 */
export const consoleApi = ky.create({
  prefix: '/api',
  credentials: 'same-origin',
  timeout: 15_000,
  retry: 0,
  throwHttpErrors: false,
});

/**
 * Every console query key starts here: a change that touches several pages (a staff member's role, an endpoint
 * deleted) invalidates them all at once, and signing out clears them.
 */
export const ADMIN_KEY = ['admin'] as const;

export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}

/**
 * GET a console resource as JSON (with `includeDemo` when the owner shows demo data and the resource leaves it out:
 * decision 049); throws SignedOutError on 401, and an Error on any other refusal.
 */
export async function getJson<T>(path: string): Promise<T> {
  const response = await consoleApi.get(withDemoFlag(path));
  if (response.status === 401) throw new SignedOutError('Signed out');
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return await response.json();
}

/** A refusal as the console's forms read it: the server's message, and its field messages when it gave any. */
export type Refusal = Error & { issues: Record<string, string> };

/** A console write (POST, PATCH, DELETE) answered as JSON; a refusal throws its message and field messages. */
export async function sendJson<T = unknown>(
  method: 'post' | 'patch' | 'delete',
  path: string,
  json?: unknown,
): Promise<T | undefined> {
  const response = await consoleApi[method](path, json === undefined ? {} : { json });
  if (response.ok) return response.status === 204 ? undefined : await response.json<T>();
  const body = await response.json<ApiErrorBody>();
  throw Object.assign(new Error(body.error.message), { issues: body.error.issues ?? {} }) satisfies Refusal;
}

/** A keyset-paged console list (`{ results, nextCursor }`) under `key`, one "Show more" at a time. */
export function pagedListOptions<T>(key: readonly unknown[], path: string, filters: URLSearchParams) {
  return infiniteQueryOptions({
    queryKey: [...key, filters.toString()],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(filters);
      if (pageParam) page.set('after', pageParam);
      return getJson<Page<T>>(`${path}?${page.toString()}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
