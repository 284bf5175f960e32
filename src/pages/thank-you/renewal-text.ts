import { selectOrdinal, t } from '@lingui/core/macro';
import { renewalDay } from '../../domain/renewal';
import './thank-you-texts';

/**
 * docs/spec.md §2's renewal sentence in the language shown. English is src/domain/renewal.ts's word for word (a test
 * holds them together); two messages, so that Spanish can put "plan" before the operator's name, as it is said.
 */
export function renewalText(planName: string, rechargeDate: string, today: Date = new Date()): string {
  const name = planName.trim();
  const day = renewalDay(rechargeDate, today);
  return /plan$/i.test(name)
    ? t`Your ${name} will renew on the ${selectOrdinal(day, { one: '#st', two: '#nd', few: '#rd', other: '#th' })} of each month.`
    : t`Your ${name} plan will renew on the ${selectOrdinal(day, { one: '#st', two: '#nd', few: '#rd', other: '#th' })} of each month.`;
}
