import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DashboardFigures, InvitationFigures } from '../../../src/domain/dashboard';
import type { Db } from '../../platform/db/client';
import { sites, surveyInvitations, surveys } from '../../platform/db/schema';
import { notDemoMember, notDemoSite, type DemoShown } from '../demo/not-demo';
import { isSurveyResponse } from '../surveys/empty-survey';
import { count, type SiteScope } from './survey-columns';

const sent = isNotNull(surveyInvitations.sentAt);

/**
 * The invitations after a visit made in the range (decision 053), a cohort as the codes' funnel is: how many were
 * sent, opened and answered by now, in all and by site in one pass (GROUPING SETS) over the (site_id, created_at)
 * index. Opened and answered count only sent invitations, so their rates over the sent never exceed 1; answered
 * means answered with a response (decision 038: an empty survey is none). Then the sites of the choice that ask
 * now, for the console's hint where none does.
 */
export async function invitationFigures(
  db: Db,
  scope: SiteScope,
  range: { start: Date; end: Date },
  shown?: DemoShown,
): Promise<DashboardFigures['invitations']> {
  const [rows, asking] = await Promise.all([
    db
      .select({
        siteId: surveyInvitations.siteId,
        bySite: sql<boolean>`(grouping(${surveyInvitations.siteId}) = 0)`,
        made: count(),
        sent: count(sent),
        opened: count(and(sent, isNotNull(surveyInvitations.openedAt))),
        // A survey names at most one invitation (unique), so the left join keeps one row per invitation.
        answered: count(and(sent, isNotNull(surveyInvitations.answeredAt), isNotNull(surveys.id), isSurveyResponse)),
      })
      .from(surveyInvitations)
      .leftJoin(surveys, eq(surveys.invitationId, surveyInvitations.id))
      .where(
        and(
          scope === 'all' ? undefined : inArray(surveyInvitations.siteId, [...scope]),
          gte(surveyInvitations.createdAt, range.start),
          lt(surveyInvitations.createdAt, range.end),
          notDemoMember(surveyInvitations.customerId, shown),
        ),
      )
      .groupBy(sql`grouping sets ((), (${surveyInvitations.siteId}))`),
    db
      .select({ siteId: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.askAfterVisit, true),
          notDemoSite(shown),
          scope === 'all' ? undefined : inArray(sites.id, [...scope]),
        ),
      ),
  ]);

  const figures = (row: Omit<InvitationFigures, 'openedRate' | 'answeredRate'>): InvitationFigures => ({
    made: row.made,
    sent: row.sent,
    opened: row.opened,
    answered: row.answered,
    openedRate: row.sent ? row.opened / row.sent : null,
    answeredRate: row.sent ? row.answered / row.sent : null,
  });
  const askingIds = new Set(asking.map((site) => site.siteId));
  const bySite = new Map(rows.filter((row) => row.bySite).map((row) => [row.siteId, figures(row)]));
  const none = figures({ made: 0, sent: 0, opened: 0, answered: 0 });
  return {
    // The grand total's row (the empty grouping set) is there even when no invitation is.
    ...figures(rows.find((row) => !row.bySite)!),
    sitesAsking: askingIds.size,
    sites: [...new Set([...bySite.keys(), ...askingIds])]
      .map((siteId) => ({ siteId, asking: askingIds.has(siteId), ...(bySite.get(siteId) ?? none) }))
      .sort((a, b) => b.made - a.made || a.siteId.localeCompare(b.siteId)),
  };
}
