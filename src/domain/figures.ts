/**
 * What each figure of the console counts (decision 038): the words a manager reads beside it. Each says what is
 * counted, over which members or surveys, and what is left out; the server computes the figure to match (the
 * arithmetic in src/domain/dashboard.ts, what a response is in src/domain/survey.ts), and a figure is defined here
 * before the console shows it.
 */
export interface FigureDefinition {
  /** The figure's name, as the console labels it. */
  term: string;
  /** What it counts, over which cohort, and what it leaves out, in a sentence or two. */
  definition: string;
}

/**
 * Every figure of the dashboard (decision 046). Each counts codes issued at the chosen sites (a sign-up without a
 * code belongs to no site: decision 012), on the days of the range counted on the range's clock. An erased member's
 * codes, surveys and cases are deleted with them, so they are in no figure, of any range.
 */
export const FIGURES = {
  codesIssued: {
    term: 'Codes issued',
    definition:
      'Codes issued in these days, at the counter or by a point-of-sale. Sign-ups without a code are left out.',
  },
  linksOpened: {
    term: 'Links opened',
    definition: 'Of the codes issued in these days, those whose link has been opened, on any day; once each.',
  },
  profilesCompleted: {
    term: 'Profiles completed',
    definition: 'Of the codes issued in these days, those whose profile has been completed, on any day.',
  },
  completionRate: {
    term: 'Completion rate',
    definition: 'Profiles completed as a share of the codes issued in these days; a dash when none was issued.',
  },
  timeToComplete: {
    term: 'Median time to complete',
    definition:
      "The middle time from a code's issue to its profile, over the codes issued in these days that are completed; the others are left out.",
  },
  surveys: {
    term: 'Surveys',
    definition:
      'Surveys sent in these days with a score or a comment; a member may send several. Empty ones are left out.',
  },
  emptySurveys: {
    term: 'Empty surveys',
    definition: 'Surveys sent in these days with no score and no comment: kept, and counted in no other figure.',
  },
  respondents: {
    term: 'Respondents',
    definition:
      'Of the members who completed their profile in these days, those who have sent a survey with a score or a comment, on any day.',
  },
  responseRate: {
    term: 'Response rate',
    definition:
      'Respondents as a share of the members who completed their profile in these days (each was offered the survey). A member counts once, however many surveys they send.',
  },
  nps: {
    term: 'NPS',
    definition:
      'Promoters minus detractors, as a share of the surveys that answered the recommend question: from −100 to +100.',
  },
  npsBands: {
    term: 'Promoters / passives / detractors',
    definition: 'Surveys by their answer to the recommend question: 9–10, 7–8 and 1–6. Unanswered counts in none.',
  },
  averageScores: {
    term: 'Average scores',
    definition: "Each question's mean over the surveys that answered it, from 1 to 10, to one decimal.",
  },
  casesOpened: {
    term: 'Cases opened',
    definition:
      "Follow-up cases opened in these days: by a detractor's survey (1–6), or by a member's text when none was in hand.",
  },
  openCases: {
    term: 'Open cases',
    definition: 'Of the cases opened in these days, those nobody has contacted yet, as of now.',
  },
  overdueCases: {
    term: 'Overdue cases',
    definition:
      'Of the open cases opened in these days, those past their due time now. A contacted case is never overdue.',
  },
  timeToFirstContact: {
    term: 'Median time to first contact',
    definition:
      'The middle time from a case opening to its first contact, over the cases opened in these days that have been contacted; the others are left out.',
  },
  resolvedBeforeDue: {
    term: 'Resolved before due',
    definition:
      'Of the cases opened in these days whose outcome is known (resolved, or past due), the share resolved by their due time. A case still within its time is in neither.',
  },
  themes: {
    term: 'Themes',
    definition:
      'Surveys sent in these days whose comment has a theme’s words, English or Spanish; one may have several. Praise: recommends 9–10; complaints: 1–6; passive: 7–8; unanswered is in none.',
  },
} as const satisfies Record<string, FigureDefinition>;

export type FigureName = keyof typeof FIGURES;

/**
 * A member's visits, as the point-of-sale reported them (decision 052): every visit of the member's number, from
 * before they joined too, at the sites the viewer may see.
 */
export const VISIT_FIGURES = {
  lastVisit: {
    term: 'Last visit',
    definition:
      "The latest visit the point-of-sale reported for the member's number at your sites, on that site's clock.",
  },
  recentVisits: {
    term: 'Visits in the last 30 days',
    definition:
      "Visits the point-of-sale reported for the member's number at your sites in the 30 days up to now, each wash counted once.",
  },
} as const satisfies Record<string, FigureDefinition>;

/**
 * Feedback after visits and over time (decision 053): the invitations a visit prompted, and every response by week,
 * split by when it was asked for. An invitation counts at the site of its visit, and so does its answer; a survey at
 * sign-up counts at its code's site, as the figures above do.
 */
export const FEEDBACK_OVER_TIME_FIGURES = {
  invitationsMade: {
    term: 'Invitations made',
    definition:
      'Members asked for feedback after a visit in these days: one for each visit that prompted an invitation. Demo members are left out.',
  },
  invitationsSent: {
    term: 'Sent',
    definition:
      'Of the invitations made in these days, those whose text has gone out, on any day; one waiting for the sending window is not sent yet.',
  },
  invitationsOpened: {
    term: 'Opened',
    definition: 'Of the invitations sent, those whose survey link has been opened, on any day; once each.',
  },
  invitationsAnswered: {
    term: 'Answered',
    definition:
      'Of the invitations sent, those answered with a score or a comment, on any day. An empty survey is not an answer.',
  },
  invitationOpenRate: {
    term: 'Open rate',
    definition: 'Opened as a share of the invitations sent; a dash when none was sent.',
  },
  invitationAnswerRate: {
    term: 'Answer rate',
    definition: 'Answered as a share of the invitations sent; a dash when none was sent.',
  },
  surveysBySource: {
    term: 'At sign-up / after a visit',
    definition:
      'The surveys with a score or a comment sent in these days, by where they were asked: on the thank-you page after the profile, or through an invitation after a visit. Together they are the Surveys figure.',
  },
  weeklyNps: {
    term: 'NPS by week',
    definition:
      "Each week's NPS (Monday to Sunday, on the days' clock) from its surveys that answered the recommend question: all of them, those at sign-up and those after a visit. A week with none has no NPS; the first and last weeks count only the days chosen.",
  },
  weeklyAverages: {
    term: 'Average scores by week',
    definition:
      "Each question's mean over the week's surveys that answered it, at sign-up and after visits together, from 1 to 10, to one decimal.",
  },
} as const satisfies Record<string, FigureDefinition>;

export type FeedbackOverTimeFigureName = keyof typeof FEEDBACK_OVER_TIME_FIGURES;
