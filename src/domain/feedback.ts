import * as v from 'valibot';
import { dayAndSiteFilters } from './list-filters';
import { memberSurveySchema, SCORE_BANDS } from './members';
import { pageOf, pageQuerySchema } from './paging';
import { THEMES } from './themes';

/**
 * `/api/admin/feedback`: surveys newest first, by the band of their recommend score, and by a theme their comments
 * mention (src/domain/themes.ts).
 */
export const feedbackQuerySchema = v.object({
  ...pageQuerySchema.entries,
  ...dayAndSiteFilters,
  band: v.optional(v.picklist(SCORE_BANDS, 'band is detractor, passive or promoter')),
  theme: v.optional(v.picklist(THEMES, `theme is ${THEMES.slice(0, -1).join(', ')} or ${THEMES.at(-1)!}`)),
});
export type FeedbackQuery = v.InferOutput<typeof feedbackQuerySchema>;

/** A row of the feedback list; detractors are the rows to read first. */
const feedbackEntrySchema = v.object({
  ...memberSurveySchema.entries,
  memberId: v.string(),
  memberName: v.string(),
  siteId: v.string(),
  /** What the comments mention, in THEMES order; none for no comment. */
  themes: v.array(v.picklist(THEMES)),
});
export type FeedbackEntry = v.InferOutput<typeof feedbackEntrySchema>;

export const feedbackPageSchema = pageOf(feedbackEntrySchema);

/**
 * `/api/admin/feedback/themes?site=&from=&to=`: of the surveys the feedback list holds for those filters (whatever
 * its band and theme), how many mention each theme, and who said it (decision 046: "Wash quality: 12 praise, 5
 * complaints"): promoters (9–10, praise), passives (7–8) and detractors (1–6, complaints); an unanswered recommend
 * question is in the theme and in no band. Most mentioned first; themes nobody mentioned are left out.
 */
export const feedbackThemesQuerySchema = v.object(dayAndSiteFilters);
export const feedbackThemesSchema = v.object({
  themes: v.array(
    v.object({
      theme: v.picklist(THEMES),
      surveys: v.number(),
      promoters: v.number(),
      passives: v.number(),
      detractors: v.number(),
    }),
  ),
});
export type FeedbackThemes = v.InferOutput<typeof feedbackThemesSchema>;
