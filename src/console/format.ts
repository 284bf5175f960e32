import type { SmsStatus } from '../domain/webhooks';

/** How the console writes figures: rates as whole percents, missing figures as a dash. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
export const figure = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
export const signed = (value: number | null) => (value === null ? '—' : value > 0 ? `+${value}` : String(value));
export const when = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A CSV the browser downloads, built from figures (numbers and dates only, so no cell can be a formula). */
export function downloadCsv(name: string, header: string[], rows: (string | number)[][]) {
  const text = [header, ...rows]
    .map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(','))
    .join('\r\n');
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A registration's text message, in words: queued, sent (when), or failed with the provider's code. */
export function smsLine(sms: SmsStatus): string {
  if (sms.status === 'sent') return `Text message sent${sms.sentAt ? ` ${when(sms.sentAt)}` : ''}`;
  if (sms.status === 'failed') return `Text message failed${sms.errorCode ? ` (${sms.errorCode})` : ''}`;
  return sms.errorCode ? `Text message queued, retrying (${sms.errorCode})` : 'Text message queued';
}
