import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '../domain/staff';
import { getJson } from './api';

export const ME_QUERY_KEY = ['admin', 'me'] as const;

/** Who is signed in; `undefined` while asking, `null` when nobody is. */
export function useStaff(): StaffMember | null | undefined {
  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async () => {
      try {
        return await getJson<StaffMember>('admin/me');
      } catch (error) {
        if ((error as Error).name === 'SignedOutError') return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
  return query.data;
}
