import type { SurveyQuestion } from '../../../src/domain/survey';

/** How much of the member's comment an alert quotes (issue 25). */
export const COMMENT_EXCERPT_LENGTH = 200;

export type AlertKind = 'opened' | 'overdue';

/** What an alert says: the site, the scores, the start of the comment, the link. Nothing that reaches the member. */
export interface AlertFacts {
  kind: AlertKind;
  caseId: string;
  siteName: string;
  scores: Record<SurveyQuestion, number>;
  comments: string;
  dueAt: Date;
  publicUrl: string;
}

const score = (value: number) => (value === 0 ? 'not answered' : `${value}/10`);

/** The first 200 characters (by code point, so an emoji is never cut in half), with an ellipsis when cut. */
export function commentExcerpt(comments: string): string {
  const characters = [...comments.trim()];
  if (characters.length <= COMMENT_EXCERPT_LENGTH) return characters.join('');
  return `${characters.slice(0, COMMENT_EXCERPT_LENGTH).join('')}…`;
}

/**
 * The alert email, plain text. Email passes through other people's servers, so it carries no phone number, email
 * or street address of the member, nor their name: the link leads to all of it, behind the console's sign-in.
 */
export function alertMail(facts: AlertFacts): { subject: string; text: string } {
  const link = `${facts.publicUrl}/admin/follow-ups/${facts.caseId}`;
  const s = facts.scores;
  const excerpt = commentExcerpt(facts.comments);
  const subject =
    facts.kind === 'opened'
      ? `Follow-up needed at ${facts.siteName}: a member rated ${s.recommendToOthersScore}/10`
      : `Overdue follow-up at ${facts.siteName}: a member rated ${s.recommendToOthersScore}/10`;
  const opening =
    facts.kind === 'opened'
      ? `A member of ${facts.siteName} answered the survey as a detractor. Please contact them by ${facts.dueAt.toISOString()}.`
      : `A follow-up case at ${facts.siteName} is still open past its due time (${facts.dueAt.toISOString()}): nobody has contacted the member yet.`;
  const text = [
    opening,
    '',
    `Recommend to others: ${score(s.recommendToOthersScore)}`,
    `Wash quality: ${score(s.washQualityScore)}`,
    `Cleanliness: ${score(s.cleanlinessScore)}`,
    `Service: ${score(s.serviceScore)}`,
    `Value: ${score(s.valueScore)}`,
    '',
    `Comment: ${excerpt === '' ? '(none)' : excerpt}`,
    '',
    `Open the case: ${link}`,
    '',
  ].join('\n');
  return { subject, text };
}
