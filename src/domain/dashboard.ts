import * as v from 'valibot';
import { ROOT_CAUSES } from './follow-ups';
import { dayAndSiteFilters } from './list-filters';
import type { SurveyQuestion } from './survey';
import { THEMES } from './themes';

/**
 * NPS on the recommend question's 1–10 scale: promoters answer 9–10, passives 7–8, detractors 1–6. The scale has
 * no 0: a 0 in the record means the customer skipped the question, and it counts in no band.
 */
export type NpsBand = 'detractor' | 'passive' | 'promoter';

/** Each band's scores, lowest and highest (the database's filters read these too). */
export const NPS_BAND_SCORES: Record<NpsBand, readonly [low: number, high: number]> = {
  promoter: [9, 10],
  passive: [7, 8],
  detractor: [1, 6],
};

export function npsBand(score: number): NpsBand | null {
  const bands = Object.entries(NPS_BAND_SCORES) as [NpsBand, readonly [number, number]][];
  return bands.find(([, [low, high]]) => score >= low && score <= high)?.[0] ?? null;
}

/** Promoters' share minus detractors', in whole points from -100 to 100; null with no answer to count. */
export function netPromoterScore(counts: { promoters: number; passives: number; detractors: number }): number | null {
  const answered = counts.promoters + counts.passives + counts.detractors;
  return answered === 0 ? null : Math.round(((counts.promoters - counts.detractors) / answered) * 100);
}

/**
 * Respondents over the members offered the survey (decision 038). Both are of one cohort, the profiles completed in
 * the range, and a member counts once however many surveys they send, so the rate never exceeds 1; null when no one
 * was offered it.
 */
export function responseRate(counts: { respondents: number; offered: number }): number | null {
  return counts.offered === 0 ? null : counts.respondents / counts.offered;
}

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 400;

/** `?from=&to=&site=`: whole UTC days, both included; no site means every site the caller may see. */
export const dashboardQuerySchema = v.pipe(
  v.object(dayAndSiteFilters),
  v.check((query) => !query.from || !query.to || query.from <= query.to, 'from must not be after to'),
);
export type DashboardQuery = v.InferOutput<typeof dashboardQuerySchema>;

const nullableNumber = v.nullable(v.number());

const npsCountsEntries = {
  promoters: v.number(),
  passives: v.number(),
  detractors: v.number(),
  nps: nullableNumber,
};
export type NpsCounts = v.InferOutput<v.ObjectSchema<typeof npsCountsEntries, undefined>>;

/**
 * The follow-up cases opened in the range, and where they stand now (decision 026): `open` waits for a first
 * contact, `overdue` is open past its due time. A case's promise is kept when it is resolved by its due time and
 * broken when it is resolved later or still unresolved past it; the rate is kept / (kept + broken), so a case still
 * within its time counts in neither.
 */
const followUpFiguresEntries = {
  opened: v.number(),
  open: v.number(),
  overdue: v.number(),
  medianMinutesToFirstContact: nullableNumber,
  resolvedOnTime: v.number(),
  resolvedOnTimeRate: nullableNumber,
};
export type FollowUpFigures = v.InferOutput<v.ObjectSchema<typeof followUpFiguresEntries, undefined>>;

const averagesSchema = v.object({
  recommendToOthersScore: nullableNumber,
  washQualityScore: nullableNumber,
  cleanlinessScore: nullableNumber,
  serviceScore: nullableNumber,
  valueScore: nullableNumber,
} satisfies Record<SurveyQuestion, typeof nullableNumber>);

/**
 * The responses of one moment (decision 053): `signUp`, asked on the thank-you page after the profile (the survey
 * names no invitation), or `afterVisit`, answered through an invitation after a visit. Their sum is the whole.
 */
const scoreFiguresSchema = v.object({ surveys: v.number(), ...npsCountsEntries, averages: averagesSchema });
export type ScoreFigures = v.InferOutput<typeof scoreFiguresSchema>;

/**
 * The invitations after a visit made in the range (decision 053), a cohort as the codes' funnel is: of them, those
 * sent, opened and answered (with a response, decision 038) by now. `opened` and `answered` count only sent ones, so
 * both rates (over `sent`) never exceed 1; null when none was sent.
 */
const invitationFiguresEntries = {
  made: v.number(),
  sent: v.number(),
  opened: v.number(),
  answered: v.number(),
  openedRate: nullableNumber,
  answeredRate: nullableNumber,
};
export type InvitationFigures = v.InferOutput<v.ObjectSchema<typeof invitationFiguresEntries, undefined>>;

/** What the dashboard shows for one range and site choice. Rates are 0–1; null where nothing could be counted. */
export const dashboardFiguresSchema = v.object({
  /** The days counted, from and to both included, as calendar days on `timeZone`'s clock (decision 046). */
  range: v.object({
    from: v.string(),
    to: v.string(),
    timeZone: v.string(),
    /** Whose clock it is: the site's (one chosen, or a manager's only site), or the reader's zone for several. */
    clock: v.picklist(['site', 'reader']),
  }),
  /** The site chosen, or null for every site the caller may see. */
  site: v.nullable(v.string()),
  /** Codes issued in the range, and what became of them: a cohort, whenever they were opened or completed. */
  funnel: v.object({
    issued: v.number(),
    opened: v.number(),
    completed: v.number(),
    completionRate: nullableNumber,
    medianMinutesToComplete: nullableNumber,
  }),
  /**
   * The surveys sent in the range that are responses (an empty survey is counted apart), and the response rate of the
   * members who completed a profile in it: src/domain/figures.ts says what each counts (decision 038). Responses are
   * those at sign-up (counted at their code's site) and those after a visit (at the visit's site: decision 053).
   */
  feedback: v.object({
    ...npsCountsEntries,
    surveys: v.number(),
    /** Surveys sent in the range with no score and no comment: stored, and in no other figure. */
    empty: v.number(),
    /** Of the members who completed a profile in the range (`offered`), those who have sent a response, whenever. */
    respondents: v.number(),
    /** The members who completed a profile in the range: the thank-you page offered each of them the survey. */
    offered: v.number(),
    /** respondents / offered: never above 1. */
    responseRate: nullableNumber,
    averages: averagesSchema,
    /** The same responses split by when they were asked for: at sign-up, or after a visit (decision 053). */
    signUp: scoreFiguresSchema,
    afterVisit: scoreFiguresSchema,
  }),
  /**
   * NPS and each question's average for every ISO week (Monday, on the range's clock) that the range touches, weeks
   * without a response included: from every response, and split as `feedback` is.
   */
  scoreWeeks: v.array(
    v.object({ week: v.string(), all: scoreFiguresSchema, signUp: scoreFiguresSchema, afterVisit: scoreFiguresSchema }),
  ),
  /** Invitations after a visit made in the range: in all and by site, and how many of the sites ask now. */
  invitations: v.object({
    ...invitationFiguresEntries,
    /** The sites of the choice that ask after a visit now (a site's setting, off by default). */
    sitesAsking: v.number(),
    /** Every site of the choice that asks now or made an invitation in the range, most invitations first. */
    sites: v.array(v.object({ siteId: v.string(), asking: v.boolean(), ...invitationFiguresEntries })),
  }),
  /** Profiles completed and NPS by the ISO week (Monday) they happened in. */
  weeks: v.array(v.object({ week: v.string(), completed: v.number(), ...npsCountsEntries })),
  /** The same by site, busiest first. */
  sites: v.array(
    v.object({
      siteId: v.string(),
      completed: v.number(),
      ...npsCountsEntries,
      /** Respondents invited to review the site publicly (it had a review page), and those who opened it. */
      reviewInvitations: v.number(),
      reviewsOpened: v.number(),
    }),
  ),
  /** Follow-up cases opened in the range: in all, by site, and the root causes of those resolved, by site. */
  followUps: v.object({
    ...followUpFiguresEntries,
    sites: v.array(v.object({ siteId: v.string(), ...followUpFiguresEntries })),
    rootCauses: v.array(v.object({ siteId: v.string(), rootCause: v.picklist(ROOT_CAUSES), cases: v.number() })),
  }),
  /** The themes the comments of the range's surveys mention (decision 028), by site; none where no comment does. */
  themes: v.array(
    v.object({
      siteId: v.string(),
      theme: v.picklist(THEMES),
      surveys: v.number(),
      /** Of them, by their answer to the recommend question (9–10, 7–8, 1–6); unanswered is in none. */
      promoters: v.number(),
      passives: v.number(),
      detractors: v.number(),
    }),
  ),
});
export type DashboardFigures = v.InferOutput<typeof dashboardFiguresSchema>;
