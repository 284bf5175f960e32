import type { SnapshotFrom } from 'xstate';
import type { Survey } from '../../src/domain/survey';
import type { surveyMachine } from './survey.machine';
import type { ReviewInvitation } from '../../src/domain/survey';

interface SurveyView {
  showForm: boolean;
  showNoCustomer: boolean;
  isSubmitting: boolean;
  showThankYouDialog: boolean;
  /** The review page the thank-you dialog invites to, if the answer made an invitation. */
  review: ReviewInvitation | null;
  survey: Survey;
}

export function toSurveyView(snapshot: SnapshotFrom<typeof surveyMachine>): SurveyView {
  return {
    showForm: !snapshot.matches('noCustomer'),
    showNoCustomer: snapshot.matches('noCustomer'),
    isSubmitting: snapshot.matches('submitting'),
    showThankYouDialog: snapshot.matches('thanked'),
    review: snapshot.matches('thanked') ? snapshot.context.review : null,
    survey: snapshot.context.survey,
  };
}
