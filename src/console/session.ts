import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StaffMember } from '../domain/staff';
import { ADMIN_KEY, consoleApi } from './client';
import { setShowDemo } from './demo-data/show-demo';

/** Who is signed in: asked by the shell on every page, answered by sign-in, cleared by sign-out. */
export const meKey = [...ADMIN_KEY, 'me'] as const;

/** `GET /api/admin/me` as it answers: the sign-in flow reads the status itself. */
export const requestMe = () => consoleApi.get('admin/me');

export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: async (): Promise<StaffMember | null> => {
    const response = await requestMe();
    if (response.status === 401) return null;
    if (!response.ok) throw new Error(`GET admin/me answered ${response.status}`);
    return await response.json<StaffMember>();
  },
  staleTime: 60_000,
});

/** Who is signed in; `undefined` while asking, `null` when nobody is. */
export function useStaff(): StaffMember | null | undefined {
  return useQuery(meQuery).data;
}

/** Ends the session and forgets everything the console had loaded with it. */
export async function signOut(queryClient: QueryClient) {
  await consoleApi.post('auth/sign-out', { json: {} });
  // "Show demo data" is the owner's, for their visit: whoever signs in next in this tab starts without it.
  setShowDemo(false);
  queryClient.clear();
  queryClient.setQueryData(meKey, null);
}
