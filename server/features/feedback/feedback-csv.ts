import { npsBand, type NpsBand } from '../../../src/domain/dashboard';
import { THEME_LABELS, themesOf } from '../../../src/domain/themes';
import type { Db } from '../../platform/db/client';
import { listFeedbackRows, type FeedbackFilters, type FeedbackRow } from './list-feedback';
import type { SiteScope } from '../members/list-conditions';
import { csvStream, keysetBatches } from '../../platform/lists/csv-stream';

/** The survey's themes as the console labels them; with a band, only when the survey is in it. */
const themeLabels = (r: FeedbackRow, band?: NpsBand) =>
  band && npsBand(r.survey.recommendToOthersScore) !== band
    ? ''
    : themesOf(r.survey.comments)
        .map((theme) => THEME_LABELS[theme])
        .join('; ');

const columns: { header: string; value: (row: FeedbackRow) => string | number | boolean | null }[] = [
  { header: 'id', value: (r) => r.survey.id },
  { header: 'created_at', value: (r) => r.survey.createdAt.toISOString() },
  { header: 'member_id', value: (r) => r.survey.customerId },
  { header: 'member_name', value: (r) => r.memberName },
  { header: 'site_id', value: (r) => r.siteId },
  { header: 'site_name', value: (r) => r.siteName },
  { header: 'band', value: (r) => npsBand(r.survey.recommendToOthersScore) ?? '' },
  { header: 'recommend_to_others', value: (r) => r.survey.recommendToOthersScore },
  { header: 'wash_quality', value: (r) => r.survey.washQualityScore },
  { header: 'cleanliness', value: (r) => r.survey.cleanlinessScore },
  { header: 'service', value: (r) => r.survey.serviceScore },
  { header: 'value', value: (r) => r.survey.valueScore },
  { header: 'comments', value: (r) => r.survey.comments },
  // Last, so the columns a spreadsheet already reads keep their places; labels, as the console shows them.
  { header: 'themes', value: (r) => themeLabels(r) },
  // Who said it (decision 046): the themes again, under the band of the survey's recommend answer, so a spreadsheet
  // sums a theme's praise and complaints by column; an unanswered recommend question fills none of the three.
  { header: 'praise_themes', value: (r) => themeLabels(r, 'promoter') },
  { header: 'passive_themes', value: (r) => themeLabels(r, 'passive') },
  { header: 'complaint_themes', value: (r) => themeLabels(r, 'detractor') },
];

/**
 * Every survey the feedback list's filters select (its theme included), with its comments and their themes; 0 is an
 * unanswered question.
 */
export function feedbackCsv(db: Db, sites: SiteScope, filters: FeedbackFilters): ReadableStream {
  return csvStream(
    columns,
    keysetBatches((page) => listFeedbackRows(db, sites, { ...filters, ...page })),
  );
}
