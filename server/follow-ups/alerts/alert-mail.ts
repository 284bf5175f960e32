import type { CountryCode } from 'libphonenumber-js/min';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../src/domain/survey';
import { buttonLink, escapeHtml, htmlMail } from '../../mail/html-mail';
import type { MailMessage } from '../../mail/mailer';
import { commentLines } from './member-words';

export type AlertKind = 'opened' | 'overdue';

/** What an alert says: the site, the scores, the start of the comment, the link. Nothing that reaches the member. */
export interface AlertFacts {
  kind: AlertKind;
  caseId: string;
  siteName: string;
  /** The survey's scores and comment; null scores (and no comment): a text the member sent opened the case. */
  scores: Record<SurveyQuestion, number> | null;
  comments: string;
  dueAt: Date;
  publicUrl: string;
  /** DEFAULT_PHONE_COUNTRY: how a phone number typed into the comment without its country is recognised. */
  phoneCountry: CountryCode;
}

export type AlertMail = Omit<MailMessage, 'to'>;

const SCORE_LABELS: Record<SurveyQuestion, string> = {
  recommendToOthersScore: 'Recommend to others',
  washQualityScore: 'Wash quality',
  cleanlinessScore: 'Cleanliness',
  serviceScore: 'Service',
  valueScore: 'Value',
};

const score = (value: number) => (value === 0 ? 'not answered' : `${value}/10`);
const caseLink = (facts: AlertFacts) => `${facts.publicUrl}/admin/follow-ups/${facts.caseId}`;
const rated = (facts: AlertFacts) =>
  facts.scores ? `a member rated ${facts.scores.recommendToOthersScore}/10` : 'a member texted us';

const opening = (facts: AlertFacts) =>
  facts.kind === 'opened'
    ? `A member of ${facts.siteName} ${facts.scores ? 'answered the survey as a detractor' : 'texted us'}. Please contact them by ${facts.dueAt.toISOString()}.`
    : `A follow-up case at ${facts.siteName} is still open past its due time (${facts.dueAt.toISOString()}): nobody has contacted the member yet.`;

/** One line of a digest's list: what the case is, before its link. */
const summary = (facts: AlertFacts) =>
  facts.kind === 'opened'
    ? `New at ${facts.siteName}: ${rated(facts)}. Please contact them by ${facts.dueAt.toISOString()}.`
    : `Overdue at ${facts.siteName}: ${rated(facts)}, due ${facts.dueAt.toISOString()}; nobody has contacted them yet.`;

/** The scores and the member's words, quoted line by line: always after every link of the email (decision 039). */
function detailsText(facts: AlertFacts): string[] {
  const lines = commentLines(facts.comments, facts.phoneCountry);
  const { scores } = facts;
  // A text's words are read on the case's page, behind the sign-in: the email quotes only a survey's comment.
  if (!scores) return ['Their text is on the case page.'];
  return [
    ...SURVEY_QUESTIONS.map((question) => `${SCORE_LABELS[question]}: ${score(scores[question])}`),
    '',
    ...(lines.length ? ['Comment:', ...lines.map((line) => (line === '' ? '>' : `> ${line}`))] : ['Comment: (none)']),
  ];
}

function detailsHtml(facts: AlertFacts): string {
  const lines = commentLines(facts.comments, facts.phoneCountry);
  const { scores } = facts;
  if (!scores) return '<p style="margin:16px 0 0">Their text is on the case page.</p>';
  const rows = SURVEY_QUESTIONS.map(
    (question) =>
      `<tr><th scope="row" style="padding:2px 16px 2px 0;text-align:left;font-weight:normal">${SCORE_LABELS[question]}</th>` +
      `<td style="padding:2px 0;font-weight:600">${score(scores[question])}</td></tr>`,
  );
  const comment = lines.length
    ? '<p style="margin:16px 0 4px">Comment:</p>\n' +
      '<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #c4c4c4;background:#f4f4f4;' +
      `overflow-wrap:anywhere">${lines.map(escapeHtml).join('<br>')}</blockquote>`
    : '<p style="margin:16px 0 0">Comment: (none)</p>';
  return `<table role="presentation" style="border-collapse:collapse">\n${rows.join('\n')}\n</table>\n${comment}`;
}

/**
 * The alert email about one case, as plain text and HTML. Email passes through other people's servers, so it
 * carries no phone number, email or street address of the member, nor their name: the link leads to all of it,
 * behind the console's sign-in. The link comes before the member's words, which are quoted (decision 039).
 */
export function alertMail(facts: AlertFacts): AlertMail {
  const subject =
    facts.kind === 'opened'
      ? `Follow-up needed at ${facts.siteName}: ${rated(facts)}`
      : `Overdue follow-up at ${facts.siteName}: ${rated(facts)}`;
  const text = [opening(facts), '', `Open the case: ${caseLink(facts)}`, '', ...detailsText(facts), ''].join('\n');
  const html = htmlMail(
    subject,
    [
      `<p style="margin:0 0 16px">${escapeHtml(opening(facts))}</p>`,
      `<p style="margin:0 0 16px">${buttonLink(caseLink(facts), 'Open the case')}</p>`,
      detailsHtml(facts),
    ].join('\n'),
  );
  return { subject, text, html };
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 new cases and 1 overdue", "2 overdue cases". */
function digestSubject(cases: AlertFacts[]): string {
  const opened = cases.filter((facts) => facts.kind === 'opened').length;
  const overdue = cases.length - opened;
  const parts = [
    ...(opened ? [counted(opened, 'new case', 'new cases')] : []),
    ...(overdue ? [opened ? `${overdue} overdue` : counted(overdue, 'overdue case', 'overdue cases')] : []),
  ];
  return `Follow-ups needed: ${parts.join(' and ')}`;
}

/**
 * The alerts a recipient's window held back, in one email sent when it ends (decision 039): every case's line and
 * link first, then each case's scores and quoted comment, so that no member's words come before any link.
 */
export function alertDigest(cases: AlertFacts[]): AlertMail {
  const subject = digestSubject(cases);
  const intro = `${counted(cases.length, 'follow-up case', 'follow-up cases')} came up since your last alert email. Each links to its case; the members' comments follow the list.`;
  const heading = (index: number, facts: AlertFacts) => `Case ${index + 1} of ${cases.length}, at ${facts.siteName}`;
  const text = [
    intro,
    '',
    ...cases.flatMap((facts, index) => [`${index + 1}. ${summary(facts)}`, `   Open the case: ${caseLink(facts)}`]),
    ...cases.flatMap((facts, index) => ['', heading(index, facts), ...detailsText(facts)]),
    '',
  ].join('\n');
  const list = cases.map(
    (facts, index) =>
      `<li style="margin:0 0 16px">${escapeHtml(summary(facts))}<br>` +
      `<span style="display:inline-block;margin-top:8px">${buttonLink(caseLink(facts), `Open case ${index + 1}`)}</span></li>`,
  );
  const details = cases.map(
    (facts, index) =>
      `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(heading(index, facts))}</h2>\n${detailsHtml(facts)}`,
  );
  const html = htmlMail(
    subject,
    [
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
      `<ol style="margin:0;padding-left:24px">\n${list.join('\n')}\n</ol>`,
      ...details,
    ].join('\n'),
  );
  return { subject, text, html };
}
