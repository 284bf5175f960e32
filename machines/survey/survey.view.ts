import type { SnapshotFrom } from 'xstate';
import type { Survey } from '../../src/domain/survey';
import type { surveyMachine } from './survey.machine';

interface SurveyView {
  showForm: boolean;
  showNoCustomer: boolean;
  isSubmitting: boolean;
  showThankYouDialog: boolean;
  survey: Survey;
}

export function toSurveyView(snapshot: SnapshotFrom<typeof surveyMachine>): SurveyView {
  return {
    showForm: !snapshot.matches('noCustomer'),
    showNoCustomer: snapshot.matches('noCustomer'),
    isSubmitting: snapshot.matches('submitting'),
    showThankYouDialog: snapshot.matches('thanked'),
    survey: snapshot.context.survey,
  };
}
