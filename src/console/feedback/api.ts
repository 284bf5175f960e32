import type { FeedbackEntry } from '../../domain/members';
import { ADMIN_KEY, pagedListOptions } from '../client';

/** `/admin/feedback?band=&theme=&site=&from=&to=`: survey answers, a page at a time, newest first. */
export const feedbackListQuery = (filters: URLSearchParams) =>
  pagedListOptions<FeedbackEntry>([...ADMIN_KEY, 'feedback'], 'admin/feedback', filters);

/** Every answer the same filters select, as a CSV file (owners; the server audits the export). */
export const feedbackCsvUrl = (filters: URLSearchParams) => `/api/admin/feedback.csv?${filters.toString()}`;
