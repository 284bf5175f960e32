import type { CountryCode } from 'libphonenumber-js/min';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../../src/domain/survey';
import { buttonLink, escapeHtml, htmlMail } from '../../../platform/mail/html-mail';
import type { MailMessage } from '../../../platform/mail/mailer';
import { ALERT_WORDS, dueInWords, type AlertWords, type MailLanguage } from './alert-words';
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
  /** The site's zone: the due time is written on its clock (decision 046). */
  timeZone: string;
  publicUrl: string;
  /** DEFAULT_PHONE_COUNTRY: how a phone number typed into the comment without its country is recognised. */
  phoneCountry: CountryCode;
}

export type AlertMail = Omit<MailMessage, 'to'>;

const score = (words: AlertWords, value: number) => (value === 0 ? words.notAnswered : `${value}/10`);
const caseLink = (facts: AlertFacts) => `${facts.publicUrl}/admin/follow-ups/${facts.caseId}`;
const rated = (words: AlertWords, facts: AlertFacts) =>
  facts.scores ? words.rated(facts.scores.recommendToOthersScore) : words.texted;
const due = (facts: AlertFacts, language: MailLanguage) => dueInWords(facts.dueAt, facts.timeZone, language);

const opening = (facts: AlertFacts, language: MailLanguage) => {
  const words = ALERT_WORDS[language];
  return facts.kind === 'opened'
    ? (facts.scores ? words.openedOpening : words.textedOpening)(facts.siteName, due(facts, language))
    : words.overdueOpening(facts.siteName, due(facts, language));
};

/** One line of a digest's list: what the case is, before its link. */
const summary = (facts: AlertFacts, language: MailLanguage) => {
  const words = ALERT_WORDS[language];
  return facts.kind === 'opened'
    ? words.openedSummary(facts.siteName, rated(words, facts), due(facts, language))
    : words.overdueSummary(facts.siteName, rated(words, facts), due(facts, language));
};

/** The scores and the member's words, quoted line by line: always after every link of the email (decision 039). */
function detailsText(facts: AlertFacts, words: AlertWords): string[] {
  const lines = commentLines(facts.comments, facts.phoneCountry);
  const { scores } = facts;
  // A text's words are read on the case's page, behind the sign-in: the email quotes only a survey's comment.
  if (!scores) return [words.textOnCasePage];
  return [
    ...SURVEY_QUESTIONS.map((question) => `${words.scoreLabels[question]}: ${score(words, scores[question])}`),
    '',
    ...(lines.length ? [words.comment, ...lines.map((line) => (line === '' ? '>' : `> ${line}`))] : [words.noComment]),
  ];
}

function detailsHtml(facts: AlertFacts, words: AlertWords): string {
  const lines = commentLines(facts.comments, facts.phoneCountry);
  const { scores } = facts;
  if (!scores) return `<p style="margin:16px 0 0">${escapeHtml(words.textOnCasePage)}</p>`;
  const rows = SURVEY_QUESTIONS.map(
    (question) =>
      `<tr><th scope="row" style="padding:2px 16px 2px 0;text-align:left;font-weight:normal">${escapeHtml(words.scoreLabels[question])}</th>` +
      `<td style="padding:2px 0;font-weight:600">${score(words, scores[question])}</td></tr>`,
  );
  const comment = lines.length
    ? `<p style="margin:16px 0 4px">${escapeHtml(words.comment)}</p>\n` +
      '<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #c4c4c4;background:#f4f4f4;' +
      `overflow-wrap:anywhere">${lines.map(escapeHtml).join('<br>')}</blockquote>`
    : `<p style="margin:16px 0 0">${escapeHtml(words.noComment)}</p>`;
  return `<table role="presentation" style="border-collapse:collapse">\n${rows.join('\n')}\n</table>\n${comment}`;
}

/**
 * The alert email about one case, as plain text and HTML. Email passes through other people's servers, so it
 * carries no phone number, email or street address of the member, nor their name: the link leads to all of it,
 * behind the console's sign-in. The link comes before the member's words, which are quoted (decision 039).
 */
export function alertMail(facts: AlertFacts, language: MailLanguage = 'en'): AlertMail {
  const words = ALERT_WORDS[language];
  const subject =
    facts.kind === 'opened'
      ? words.openedSubject(facts.siteName, rated(words, facts))
      : words.overdueSubject(facts.siteName, rated(words, facts));
  const text = [
    opening(facts, language),
    '',
    `${words.openCase}: ${caseLink(facts)}`,
    '',
    ...detailsText(facts, words),
    '',
  ].join('\n');
  const html = htmlMail(
    subject,
    [
      `<p style="margin:0 0 16px">${escapeHtml(opening(facts, language))}</p>`,
      `<p style="margin:0 0 16px">${buttonLink(caseLink(facts), words.openCase)}</p>`,
      detailsHtml(facts, words),
    ].join('\n'),
    language,
  );
  return { subject, text, html };
}

/**
 * The alerts a recipient's window held back, in one email sent when it ends (decision 039): every case's line and
 * link first, then each case's scores and quoted comment, so that no member's words come before any link.
 */
export function alertDigest(cases: AlertFacts[], language: MailLanguage = 'en'): AlertMail {
  const words = ALERT_WORDS[language];
  const opened = cases.filter((facts) => facts.kind === 'opened').length;
  const subject = words.digestSubject(opened, cases.length - opened);
  const intro = words.digestIntro(cases.length);
  const heading = (index: number, facts: AlertFacts) => words.digestHeading(index + 1, cases.length, facts.siteName);
  const text = [
    intro,
    '',
    ...cases.flatMap((facts, index) => [
      `${index + 1}. ${summary(facts, language)}`,
      `   ${words.openCase}: ${caseLink(facts)}`,
    ]),
    ...cases.flatMap((facts, index) => ['', heading(index, facts), ...detailsText(facts, words)]),
    '',
  ].join('\n');
  const list = cases.map(
    (facts, index) =>
      `<li style="margin:0 0 16px">${escapeHtml(summary(facts, language))}<br>` +
      `<span style="display:inline-block;margin-top:8px">${buttonLink(caseLink(facts), words.openCaseNumber(index + 1))}</span></li>`,
  );
  const details = cases.map(
    (facts, index) =>
      `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(heading(index, facts))}</h2>\n${detailsHtml(facts, words)}`,
  );
  const html = htmlMail(
    subject,
    [
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
      `<ol style="margin:0;padding-left:24px">\n${list.join('\n')}\n</ol>`,
      ...details,
    ].join('\n'),
    language,
  );
  return { subject, text, html };
}
