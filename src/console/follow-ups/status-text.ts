import type { FollowUpStatus } from '../../domain/follow-ups';

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  open: 'Open',
  contacted: 'Contacted',
  resolved: 'Resolved',
};

/** "1 case", "3 cases", "50+ cases" while more pages wait. */
export const casesText = (count: number, more: boolean) =>
  more ? `${count}+ cases` : `${count} ${count === 1 ? 'case' : 'cases'}`;
