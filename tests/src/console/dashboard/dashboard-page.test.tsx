// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../../../../src/console/dashboard/dashboard-page';
import type { DashboardFigures } from '../../../../src/domain/dashboard';
import {
  FEEDBACK_OVER_TIME_FIGURES,
  FIGURES,
  type FeedbackOverTimeFigureName,
  type FigureName,
} from '../../../../src/domain/figures';

const followUps = {
  opened: 0,
  open: 0,
  overdue: 0,
  medianMinutesToFirstContact: null,
  resolvedOnTime: 0,
  resolvedOnTimeRate: null,
};

const noAverages = {
  recommendToOthersScore: null,
  washQualityScore: null,
  cleanlinessScore: null,
  serviceScore: null,
  valueScore: null,
};
const noInvitations = { made: 0, sent: 0, opened: 0, answered: 0, openedRate: null, answeredRate: null };

/** Two members completed a profile; one sent three surveys and an empty one, the other nothing. */
const FIGURES_SHOWN: DashboardFigures = {
  range: { from: '2027-02-01', to: '2027-02-28', timeZone: 'America/Los_Angeles', clock: 'reader' },
  site: null,
  funnel: { issued: 2, opened: 2, completed: 2, completionRate: 1, medianMinutesToComplete: 10 },
  feedback: {
    surveys: 3,
    empty: 1,
    respondents: 1,
    offered: 2,
    responseRate: 0.5,
    promoters: 2,
    passives: 0,
    detractors: 0,
    nps: 100,
    averages: {
      recommendToOthersScore: 9.5,
      washQualityScore: 9,
      cleanlinessScore: 9,
      serviceScore: 9,
      valueScore: 9,
    },
    signUp: {
      surveys: 3,
      promoters: 2,
      passives: 0,
      detractors: 0,
      nps: 100,
      averages: {
        recommendToOthersScore: 9.5,
        washQualityScore: 9,
        cleanlinessScore: 9,
        serviceScore: 9,
        valueScore: 9,
      },
    },
    afterVisit: { surveys: 0, promoters: 0, passives: 0, detractors: 0, nps: null, averages: noAverages },
  },
  scoreWeeks: [],
  invitations: { ...noInvitations, sitesAsking: 0, sites: [] },
  weeks: [],
  sites: [],
  followUps: { ...followUps, sites: [], rootCauses: [] },
  themes: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(figures: DashboardFigures = FIGURES_SHOWN, role: 'owner' | 'manager' = 'manager') {
  // An owner's first steps are all done: the dashboard shows only the figures.
  const answers: Record<string, unknown> = {
    '/api/admin/dashboard': figures,
    '/api/admin/first-run': { steps: { sitesNamed: true, managerAdded: true, keyMade: true, codeIssued: true } },
  };
  vi.stubGlobal('fetch', (input: Request) =>
    Promise.resolve(Response.json(answers[new URL(input.url).pathname] ?? { results: [] })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          {/* A manager: the figures as any reader sees them, without an owner's first steps above them. */}
          <Route element={<Outlet context={{ id: 'm', role }} />}>
            <Route path="/" element={<DashboardPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A figure's value and the words beside it, as a screen reader is given them: the descriptions of its term. */
async function shown(name: FigureName | FeedbackOverTimeFigureName) {
  const { term: text } =
    name in FIGURES ? FIGURES[name as FigureName] : FEEDBACK_OVER_TIME_FIGURES[name as FeedbackOverTimeFigureName];
  const term = await screen.findByText(text, { selector: 'dt' });
  return within(term.parentElement!)
    .getAllByRole('definition')
    .map((description) => description.textContent);
}

describe('the dashboard', () => {
  it('shows the response rate of members, with the respondents it is made of and what each counts', async () => {
    renderPage();
    expect(await shown('responseRate')).toEqual(['50%', FIGURES.responseRate.definition]);
    expect(await shown('respondents')).toEqual(['1 of 2', FIGURES.respondents.definition]);
  });

  it('counts empty surveys apart from the surveys, each with what it counts', async () => {
    renderPage();
    expect(await shown('surveys')).toEqual(['3', FIGURES.surveys.definition]);
    expect(await shown('emptySurveys')).toEqual(['1', FIGURES.emptySurveys.definition]);
    expect(await shown('nps')).toEqual(['+100', FIGURES.nps.definition]);
    expect(await shown('npsBands')).toEqual(['2 / 0 / 0', FIGURES.npsBands.definition]);
    const averages = screen.getByRole('heading', { name: FIGURES.averageScores.term });
    expect(averages.nextElementSibling?.textContent).toBe(FIGURES.averageScores.definition);
  });

  it('says which clock its days are counted on', async () => {
    renderPage();
    expect((await screen.findByTestId('days-clock')).textContent).toBe(
      'Days on Pacific time (Los Angeles), your zone for all sites (your account sets it).',
    );
  });

  it('splits each theme by who said it: praise from promoters, complaints from detractors', async () => {
    renderPage({
      ...FIGURES_SHOWN,
      themes: [
        { siteId: '7', theme: 'wash_quality', surveys: 10, promoters: 7, passives: 1, detractors: 2 },
        { siteId: '12', theme: 'wash_quality', surveys: 8, promoters: 5, passives: 0, detractors: 2 },
        { siteId: '12', theme: 'wait_time', surveys: 1, promoters: 0, passives: 0, detractors: 1 },
      ],
    });
    const list = await screen.findByTestId('theme-sentiment');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Wash quality: 12 praise, 4 complaints, 1 passive, 1 without a score',
      'Wait time: 0 praise, 1 complaint',
    ]);
  });

  describe('feedback after visits', () => {
    const asking: DashboardFigures = {
      ...FIGURES_SHOWN,
      feedback: { ...FIGURES_SHOWN.feedback, afterVisit: { ...FIGURES_SHOWN.feedback.afterVisit, surveys: 1 } },
      invitations: {
        made: 4,
        sent: 3,
        opened: 2,
        answered: 1,
        openedRate: 2 / 3,
        answeredRate: 1 / 3,
        sitesAsking: 1,
        sites: [
          {
            siteId: '7',
            asking: true,
            made: 4,
            sent: 3,
            opened: 2,
            answered: 1,
            openedRate: 2 / 3,
            answeredRate: 1 / 3,
          },
        ],
      },
    };

    it('shows the invitations funnel with what each figure counts, and the surveys split by when they were asked', async () => {
      renderPage(asking);
      expect(await shown('invitationsMade')).toEqual(['4', FEEDBACK_OVER_TIME_FIGURES.invitationsMade.definition]);
      expect(await shown('invitationOpenRate')).toEqual([
        '67%',
        FEEDBACK_OVER_TIME_FIGURES.invitationOpenRate.definition,
      ]);
      expect(await shown('invitationAnswerRate')).toEqual([
        '33%',
        FEEDBACK_OVER_TIME_FIGURES.invitationAnswerRate.definition,
      ]);
      expect(await shown('surveysBySource')).toEqual(['3 / 1', FEEDBACK_OVER_TIME_FIGURES.surveysBySource.definition]);
      const bySite = screen.getByRole('region', { name: 'Invitations by site' });
      expect(
        within(bySite)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['SiteAsks nowMadeSentOpenedAnsweredOpen rateAnswer rate', 'Site 7Yes432167%33%']);
      expect(screen.queryByTestId('after-visits-off')).toBeNull();
    });

    it('shows an owner where to turn asking on when no site asks, and a manager only that none does', async () => {
      renderPage(FIGURES_SHOWN, 'owner');
      const hint = await screen.findByTestId('after-visits-off');
      expect(within(hint).getByRole('link', { name: 'Sites page' }).getAttribute('href')).toBe('/sites');
      cleanup();
      renderPage(FIGURES_SHOWN, 'manager');
      expect((await screen.findByTestId('after-visits-off')).textContent).toBe(
        'None of these sites asks for feedback after a visit yet. ',
      );
      expect(screen.queryByRole('region', { name: 'Invitations by site' })).toBeNull();
    });
  });
});
