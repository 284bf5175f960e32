import type { FollowUpStatus, FollowUpSummary } from '../../domain/follow-ups';
import { when } from '../format';

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  open: 'Open',
  contacted: 'Contacted',
  resolved: 'Resolved',
};

/** When the case is due, with "overdue" said in words (never by colour alone). */
export const dueText = (item: Pick<FollowUpSummary, 'dueAt' | 'overdue'>) =>
  item.overdue ? `Overdue since ${when(item.dueAt)}` : when(item.dueAt);
