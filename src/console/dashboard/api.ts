import { queryOptions } from '@tanstack/react-query';
import type { DashboardFigures } from '../../domain/dashboard';
import type { FirstRun } from '../../domain/first-run';
import { ADMIN_KEY, getJson } from '../client';

/** The dashboard's figures for the filters in its address (`from`, `to`, `site`; none: the last 30 days). */
export const dashboardQuery = (filters: URLSearchParams) => {
  const query = filters.toString();
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'dashboard', query],
    queryFn: () => getJson<DashboardFigures>(`admin/dashboard${query ? `?${query}` : ''}`),
  });
};

/** A new owner's first steps and which are done (owners only). */
export const firstRunQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'first-run'],
  queryFn: () => getJson<FirstRun>('admin/first-run'),
});
