import { and, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { nextDay, startOfDay } from '../../../src/domain/calendar-days';
import { NPS_BAND_SCORES } from '../../../src/domain/dashboard';
import type { MemberQuery } from '../../../src/domain/members';
import { customers, registrations, sites, smsSuppressions, surveys, visits } from '../../platform/db/schema';
import { notDemoRegistration } from '../demo/not-demo';

/** Which sites a list covers: every one, or a list (a manager's, or the one chosen). */
export type SiteScope = 'all' | readonly string[];

export const inSites = (scope: SiteScope): SQL | undefined =>
  scope === 'all' ? undefined : inArray(registrations.siteId, [...scope]);

/**
 * A registration's site by name, for a query that left-joins `sites` on it; "Site {id}" (as src/domain/sites.ts
 * names an unnamed one) should the row be missing.
 */
export const siteNameColumn = sql<string>`coalesce(${sites.name}, 'Site ' || ${registrations.siteId})`;

/**
 * `from` and `to` as whole calendar days on the zone's clock (UTC unless given: decision 046), both included; either
 * may be left open.
 */
export function inDays(column: AnyColumn, from?: string, to?: string, timeZone = 'UTC'): SQL | undefined {
  return and(
    from ? gte(column, startOfDay(from, timeZone)) : undefined,
    to ? lt(column, startOfDay(nextDay(to), timeZone)) : undefined,
  );
}

/** LIKE treats % and _ as wildcards: a search for them finds them. */
const startingWith = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Four digits find the mobile numbers ending in them. Otherwise the start of a first name, last name or email;
 * two words, the start of a first and a last name. Each form has an index (migration 0003).
 */
export function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (/^\d{4}$/.test(q)) return sql`right(${customers.mobileNumber}, 4) = ${q}`;
  const words = q.split(/\s+/);
  if (words.length === 2) {
    return and(
      sql`lower(${customers.firstName}) like ${startingWith(words[0]!)}`,
      sql`lower(${customers.lastName}) like ${startingWith(words[1]!)}`,
    );
  }
  const start = startingWith(q);
  return or(
    sql`lower(${customers.firstName}) like ${start}`,
    sql`lower(${customers.lastName}) like ${start}`,
    sql`lower(${customers.email}) like ${start}`,
  );
}

/**
 * By consent. `sms_opted_out` is the number's standing opt-out (on `sms_suppressions`: it texted STOP and not START
 * since), not a consent flag: a member who never agreed can still text STOP, and one who texted START is no longer
 * opted out, though their consent to marketing texts is not restored (decision 030). A subquery rather than the
 * list's own join, so the condition holds wherever it is used.
 */
export function consenting(consent: MemberQuery['consent']): SQL | undefined {
  switch (consent) {
    case 'sms_opted_out':
      return sql`${customers.mobileNumber} in (select ${smsSuppressions.mobileNumber} from ${smsSuppressions})`;
    case 'sms':
      return eq(customers.isSubscribedToSmsMessaging, true);
    case 'newsletter':
      return eq(customers.isSubscribedToNewsletters, true);
    case 'none':
      return and(eq(customers.isSubscribedToSmsMessaging, false), eq(customers.isSubscribedToNewsletters, false));
    default:
      return undefined;
  }
}

/** Visits at the sites a caller may see: a manager reads only their own sites' washes (decision 052). */
export const visitsIn = (scope: SiteScope): SQL | undefined =>
  scope === 'all' ? undefined : inArray(visits.siteId, [...scope]);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "No visit in N days": no visit of the member's number (decision 052: a number's visits are its member's) at the
 * caller's sites since N days before `now`, whether they visited longer ago or never.
 */
export function noVisitSince(days: number | undefined, scope: SiteScope, now = new Date()): SQL | undefined {
  if (days === undefined) return undefined;
  const since = new Date(now.getTime() - days * DAY_MS);
  return sql`not exists (select 1 from ${visits} where ${and(
    eq(visits.mobileNumber, customers.mobileNumber),
    gte(visits.visitedAt, since),
    visitsIn(scope),
  )})`;
}

/**
 * "Latest score": the band of the member's latest survey that scored "would you recommend us" (decision 053: at
 * sign-up or after a visit). A later survey that skipped the question, or was empty, leaves the earlier score theirs.
 */
export function latestScoreIn(band: MemberQuery['latestScore']): SQL | undefined {
  if (band === undefined) return undefined;
  const [low, high] = NPS_BAND_SCORES[band];
  return sql`(select ${surveys.recommendToOthersScore} from ${surveys}
    where ${surveys.customerId} = ${customers.id} and ${surveys.recommendToOthersScore} > 0
    order by ${surveys.createdAt} desc, ${surveys.id} desc limit 1) between ${low} and ${high}`;
}

/** The members list's filters, and the clock its days are counted on (decision 046; UTC when none is given). */
export type MemberFilters = Omit<MemberQuery, 'limit' | 'after'> & { timeZone?: string };

/** Every filter of the members list and its export, on customers joined to their registrations. */
export const memberConditions = (sites: SiteScope, query: MemberFilters) =>
  and(
    notDemoRegistration(registrations.id, query),
    inSites(sites),
    inDays(customers.createdAt, query.from, query.to, query.timeZone),
    matching(query.q),
    consenting(query.consent),
    noVisitSince(query.noVisitDays, sites),
    latestScoreIn(query.latestScore),
  );
