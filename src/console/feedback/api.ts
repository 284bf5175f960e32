import { queryOptions } from '@tanstack/react-query';
import type { FeedbackEntry, FeedbackThemes } from '../../domain/feedback';
import { ADMIN_KEY, getJson, pagedListOptions } from '../client';
import { withDemoFlag } from '../demo-data/show-demo';

/** `/admin/feedback?band=&theme=&site=&from=&to=`: survey answers, a page at a time, newest first. */
export const feedbackListQuery = (filters: URLSearchParams) =>
  pagedListOptions<FeedbackEntry>([...ADMIN_KEY, 'feedback'], 'admin/feedback', filters);

/** Every answer the same filters select, as a CSV file (owners; the server audits the export). */
export const feedbackCsvUrl = (filters: URLSearchParams) =>
  withDemoFlag(`/api/admin/feedback.csv?${filters.toString()}`);

/** `/admin/feedback/themes?site=&from=&to=`: each theme of those answers, split by who said it. */
export const feedbackThemesQuery = (filters: URLSearchParams) => {
  const scope = new URLSearchParams(
    ['site', 'from', 'to'].flatMap((name) => (filters.get(name) ? [[name, filters.get(name)!]] : [])),
  );
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'feedback', 'themes', scope.toString()],
    queryFn: () => getJson<FeedbackThemes>(`admin/feedback/themes?${scope.toString()}`),
  });
};
