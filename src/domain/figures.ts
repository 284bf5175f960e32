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
 * The dashboard's feedback figures. Their surveys are those sent in the chosen days by members of codes issued at the
 * chosen sites (a sign-up without a code belongs to no site: decision 012).
 */
export const FIGURES = {
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
} as const satisfies Record<string, FigureDefinition>;

export type FigureName = keyof typeof FIGURES;
