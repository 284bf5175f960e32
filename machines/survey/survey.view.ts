import type { SnapshotFrom } from 'xstate';
import type { InvitationRefusal } from '../../src/domain/invitations';
import type { ReviewInvitation, Survey } from '../../src/domain/survey';
import type { surveyMachine } from './survey.machine';

interface SurveyView {
  showForm: boolean;
  showNoCustomer: boolean;
  /** An invitation's link being looked up: the heading and a busy line, no form yet. */
  isCheckingInvitation: boolean;
  /** The lookup got no usable answer: the connection problem with Try again. */
  showLookupFailed: boolean;
  /** Why the invitation's link answers nothing, in place of the form. */
  refusal: InvitationRefusal | null;
  isSubmitting: boolean;
  showThankYouDialog: boolean;
  /** The review page the thank-you dialog invites to, if the answer made an invitation. */
  review: ReviewInvitation | null;
  survey: Survey;
}

export function toSurveyView(snapshot: SnapshotFrom<typeof surveyMachine>): SurveyView {
  return {
    showForm:
      snapshot.matches('filling') ||
      snapshot.matches('submitting') ||
      snapshot.matches('submittingAnswer') ||
      snapshot.matches('thanked'),
    showNoCustomer: snapshot.matches('noCustomer'),
    isCheckingInvitation: snapshot.matches('checkingInvitation'),
    showLookupFailed: snapshot.matches('lookupFailed'),
    refusal: snapshot.matches('invitationRefused') ? snapshot.context.refusal : null,
    isSubmitting: snapshot.matches('submitting') || snapshot.matches('submittingAnswer'),
    showThankYouDialog: snapshot.matches('thanked'),
    review: snapshot.matches('thanked') ? snapshot.context.review : null,
    survey: snapshot.context.survey,
  };
}
