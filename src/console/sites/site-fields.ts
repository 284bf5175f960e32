import type { FieldSpec } from '../components/server-form/use-server-form';
import { issueKeyOf } from './site-changes';

/** A site's fields as both its forms (adding, changing) name them; the window's two boxes are the server's `smsWindow`. */
export const SITE_FIELDS = {
  name: { label: 'Name' },
  address: { label: 'Address (optional)' },
  timeZone: { label: 'Time zone' },
  reviewUrl: { label: 'Review page (optional)' },
  textsFrom: { label: 'Texts from', issueKey: issueKeyOf('textsFrom') },
  textsUntil: { label: 'Texts until', issueKey: issueKeyOf('textsUntil') },
} as const satisfies Record<string, FieldSpec>;
