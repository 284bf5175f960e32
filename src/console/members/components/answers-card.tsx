import type { LatestScore, MemberAnswer } from '../../../domain/members';
import { isEmptySurvey, SURVEY_QUESTION_TEXTS, SURVEY_QUESTIONS } from '../../../domain/survey';
import styles from '../../console.module.css';
import type { SiteClock } from '../../sites/use-site-clock';
import { answerOccasion } from '../sent-text-words';
import { Facts } from './facts';

/** A day on the site's clock: "Nov 20, 2026". */
const dayAt = (clock: SiteClock) => (iso: string, siteId: string) =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: clock.zoneOf(siteId), dateStyle: 'medium' });

/**
 * The member's answers over time, newest first as the rest of the page reads, at sign-up and after visits
 * (decision 053), under their latest score: the latest answer that scored "would you recommend us".
 */
export function AnswersCard({
  answers,
  latestScore,
  clock,
  signUpSiteId,
}: {
  answers: readonly MemberAnswer[];
  latestScore: LatestScore | null;
  clock: SiteClock;
  /** The registration's site, whose clock an answer at sign-up is on; null for a sign-up of no site. */
  signUpSiteId: string | null;
}) {
  const siteOf = (answer: MemberAnswer) => answer.siteId ?? signUpSiteId;
  const occasion = (answer: MemberAnswer) => answerOccasion(answer, dayAt(clock), clock.nameOf);
  // The latest score's time is on the clock of the answer that gave it.
  const scored = latestScore && answers.find((answer) => answer.createdAt === latestScore.at);
  return (
    <section className={styles.card} aria-labelledby="answers-heading">
      <h2 id="answers-heading">Answers over time</h2>
      <p data-testid="latest-score">
        {latestScore ? (
          <>
            <strong>
              Latest score: {latestScore.score} ({latestScore.band})
            </strong>
            <span className={styles.muted}> · {clock.at(latestScore.at, scored ? siteOf(scored) : signUpSiteId)}</span>
          </>
        ) : (
          <span className={styles.muted}>No score yet: no answer has said whether they would recommend us.</span>
        )}
      </p>
      {answers.length === 0 && <p className={styles.muted}>No survey yet.</p>}
      {answers.length > 1 && <p className={styles.muted}>Newest first.</p>}
      {answers.map((answer) =>
        isEmptySurvey({ ...answer.scores, comments: answer.comments }) ? (
          <article key={answer.id}>
            <h3>{occasion(answer)} · empty</h3>
            <p className={styles.muted}>
              Answered {clock.at(answer.createdAt, siteOf(answer))}. No score and no comment: kept as sent, and counted
              in no figure.
            </p>
          </article>
        ) : (
          <article key={answer.id} className={answer.band === 'detractor' ? styles.detractor : undefined}>
            <h3>
              {occasion(answer)}
              {answer.band ? ` · ${answer.scores.recommendToOthersScore} (${answer.band})` : ''}
            </h3>
            <p className={styles.muted}>Answered {clock.at(answer.createdAt, siteOf(answer))}</p>
            <Facts
              rows={SURVEY_QUESTIONS.map((q) => [
                SURVEY_QUESTION_TEXTS[q],
                answer.scores[q] === 0 ? 'Not answered' : String(answer.scores[q]),
              ])}
            />
            {answer.comments && <blockquote>{answer.comments}</blockquote>}
          </article>
        ),
      )}
    </section>
  );
}
