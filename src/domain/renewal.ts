/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** docs/spec.md §2: "plan" is appended unless the name already ends in it, in any case ("Basic Plan" stays). */
export function planLabel(planName: string): string {
  const name = planName.trim();
  return /plan$/i.test(name) ? name : `${name} plan`;
}

/**
 * The day of the month the plan renews: from rechargeDate (`YYYY-MM-DD` or an ISO timestamp, read as written,
 * never shifted by the phone's time zone), today's date when there is none.
 */
export function renewalDay(rechargeDate: string, today: Date = new Date()): number {
  const match = /^\d{4}-\d{2}-(\d{2})/.exec(rechargeDate.trim());
  const day = match ? Number(match[1]) : NaN;
  return day >= 1 && day <= 31 ? day : today.getDate();
}

/** docs/spec.md §2: "Your {plan name} will renew on the {day, ordinal} of each month." */
export function renewalSentence(planName: string, rechargeDate: string, today: Date = new Date()): string {
  return `Your ${planLabel(planName)} will renew on the ${ordinal(renewalDay(rechargeDate, today))} of each month.`;
}
