import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { UnexpectedStatusError } from '../../../machines/http-response';
import {
  lookUpInvitationActor,
  submitInvitationAnswerActor,
  submitSurveyActor,
} from '../../../machines/survey/survey.actors';
import { surveyMachine } from '../../../machines/survey/survey.machine';
import type { SurveyInput } from '../../../machines/survey/survey.types';
import { toSurveyView } from '../../../machines/survey/survey.view';
import { getInvitation, postInvitationAnswer } from '../../api/invitations';
import { ConnectionProblem } from '../../components/connection-problem/connection-problem';
import { countReviewOpened, postSurvey } from '../../api/surveys';
import type { InvitationRefusal } from '../../domain/invitations';
import { chosenLanguage } from '../../domain/language';
import { SURVEY_COMMENTS_MAX, SURVEY_QUESTIONS } from '../../domain/survey';
import { addCatalogue, showLanguage } from '../../i18n/i18n';
import { inspectorOptions } from '../../lib/inspector';
import { loadCompletion, saveCustomerId } from '../../lib/session-store';
import { messages as surveyEnglish } from './locales/en.po';
import { ScoreQuestion } from './score-question';
import buttons from '../../components/buttons/buttons.module.css';
import styles from './survey-page.module.css';
import { SURVEY_QUESTION_LABELS } from './survey-questions';
import { SurveyThankYouDialog } from './survey-thank-you-dialog';

/** The survey's texts are a catalogue of its own, in this chunk: the route shows once they are loaded. */
export const surveyTexts = addCatalogue(surveyEnglish, {
  es: () => import('./locales/es.po').then((module) => module.messages),
});

const surveyFlow = surveyMachine.provide({
  actors: {
    submitSurvey: submitSurveyActor(({ survey, idempotencyKey }) => postSurvey(survey, idempotencyKey)),
    // Decision 053: the page shows in the member's language, the survey's own catalogue with it, before the survey;
    // the switch's choice this visit still wins (decision 018), so a member who chose another keeps it on reload.
    lookUpInvitation: lookUpInvitationActor(getInvitation, ({ language }) =>
      showLanguage(chosenLanguage(document.cookie) ?? language),
    ),
    submitInvitationAnswer: submitInvitationAnswerActor(({ code, answer, idempotencyKey }) =>
      postInvitationAnswer(code, answer, idempotencyKey),
    ),
  },
  actions: {
    // docs/spec.md §4: logged only. The error's name and status, never the answers.
    logFailure: (_, error) =>
      console.warn('Survey not stored', {
        error: error instanceof Error ? error.name : undefined,
        status: error instanceof UnexpectedStatusError ? error.status : undefined,
      }),
    rememberCustomerId: (_, customerId) => saveCustomerId(customerId),
    focusHeading: () => focusHeading(),
  },
});

/** Fixed ids: the page renders the same on the server and in the browser. */
const HEADING_ID = 'survey-heading';
const SCALE_LOW_ID = 'survey-scale-low';
const SCALE_HIGH_ID = 'survey-scale-high';

/**
 * The page changed in place (decision 037): the reader starts again at its heading, unless they have put the focus
 * somewhere outside the page's content themselves meanwhile (the language switch, a footer link).
 */
function focusHeading() {
  const heading = document.getElementById(HEADING_ID);
  const active = document.activeElement;
  if (!heading || (active && active !== document.body && !heading.closest('main')?.contains(active))) return;
  heading.focus({ preventScroll: true });
}

/** Why an invitation's link answers nothing, said calmly: the member did nothing wrong. */
function refusalText(refusal: InvitationRefusal): string {
  switch (refusal) {
    case 'invitation_used':
      return t`You have already answered this survey. Thank you!`;
    case 'invitation_expired':
      return t`This survey link has expired. We'll ask again after a future visit.`;
    case 'not_found':
      return t`We can't find this survey. Please use the link from your latest text.`;
  }
}

/**
 * The survey route (docs/spec.md §2): renders the survey statechart and sends it the customer's answers. Opened from
 * an invitation's text (`?invite=`, decision 053), the same survey, in the member's language, once the link is found.
 */
export function SurveyPage() {
  const [params] = useSearchParams();
  // Read once: the machine decides whose survey this is when it starts, and may store the link's id.
  const [input] = useState<SurveyInput>(() => ({
    sessionCustomerId: loadCompletion()?.customerId ?? null,
    linkCustomerId: params.get('cid'),
    invitationCode: params.get('invite'),
  }));
  const [snapshot, send] = useMachine(surveyFlow, { input, ...inspectorOptions() });
  const view = toSurveyView(snapshot);

  return (
    <>
      <title>{t`Club Membership Survey`}</title>
      <section className={styles.intro} aria-labelledby={HEADING_ID}>
        <h1 id={HEADING_ID} tabIndex={-1}>{t`Tell us about your visit`}</h1>
        {view.showNoCustomer ? (
          <p role="alert">
            {t`We can't tell whose survey this is. Please open it with the "Give Us Your Feedback" button on the page you saw after completing your membership profile.`}
          </p>
        ) : (
          !view.refusal && <p>{t`Five quick questions, one tap each. Your answers help us make every wash better.`}</p>
        )}
        {/* One polite region from the lookup to its outcome, so a refusal is read where "Loading..." was. */}
        {(view.isCheckingInvitation || view.refusal) && (
          <p role="status" className={view.refusal ? styles.refusal : styles.busy}>
            {view.refusal ? refusalText(view.refusal) : t`Loading...`}
          </p>
        )}
      </section>
      {view.showLookupFailed && <ConnectionProblem during="lookup" onRetry={() => send({ type: 'user.retry' })} />}
      {view.showForm && (
        <form
          aria-label={t`Survey`}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.submit' });
          }}
        >
          <ul className={styles.legend} aria-label={t`Scale`}>
            <li id={SCALE_LOW_ID}>{t`1: Not Likely or Not Satisfied`}</li>
            <li id={SCALE_HIGH_ID}>{t`10: Extremely Likely or Extremely Satisfied`}</li>
          </ul>
          {SURVEY_QUESTIONS.map((question, index) => (
            <ScoreQuestion
              key={question}
              question={question}
              number={index + 1}
              text={i18n._(SURVEY_QUESTION_LABELS[question])}
              score={view.survey[question]}
              disabled={view.isSubmitting}
              scaleIds={`${SCALE_LOW_ID} ${SCALE_HIGH_ID}`}
              onChoose={(score) => send({ type: 'score.chosen', question, score })}
            />
          ))}
          <div className={styles.comments}>
            <label htmlFor="survey-comments">{t`Is there anything else we should know?`}</label>
            <textarea
              id="survey-comments"
              rows={3}
              maxLength={SURVEY_COMMENTS_MAX}
              placeholder={t`Add any additional comments`}
              value={view.survey.comments}
              onChange={(event) => send({ type: 'comments.changed', comments: event.target.value })}
            />
          </div>
          <button className={buttons.primary} type="submit" disabled={view.isSubmitting}>
            {t`Submit`}
          </button>
        </form>
      )}
      {view.showThankYouDialog && (
        <SurveyThankYouDialog review={view.review} onReviewOpened={(review) => countReviewOpened(review.surveyId)} />
      )}
    </>
  );
}
