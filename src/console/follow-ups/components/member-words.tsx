import type { FollowUpDetail } from '../../../domain/follow-ups';
import caseStyles from './case-page.module.css';

/**
 * What the member said, first on the case's page: the survey's comment and the texts they sent, each quoted with who
 * said it and when, so that nothing of theirs can pass for our own text (decision 045).
 */
export function MemberWords({ detail, at }: { detail: FollowUpDetail; at: (iso: string) => string }) {
  const first = detail.member.name.split(' ')[0] || detail.member.name;
  const words = [
    ...(detail.survey?.comments
      ? [{ key: 'survey', body: detail.survey.comments, said: `${first}, in the survey`, at: detail.survey.createdAt }]
      : []),
    ...detail.timeline.flatMap((entry) =>
      entry.message
        ? [{ key: entry.message.id, body: entry.message.body, said: `${first}, by text`, at: entry.message.receivedAt }]
        : [],
    ),
  ];
  return (
    <section aria-labelledby="words-heading" className={caseStyles.words}>
      <h2 id="words-heading">In {first}&apos;s words</h2>
      {words.length === 0 ? (
        <p className={caseStyles.noWords}>{first} left no comment.</p>
      ) : (
        words.map((word) => (
          <figure key={word.key} className={caseStyles.quote}>
            <blockquote>
              <p>{word.body}</p>
            </blockquote>
            <figcaption>
              — {word.said}, {at(word.at)}
            </figcaption>
          </figure>
        ))
      )}
    </section>
  );
}
