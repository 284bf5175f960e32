import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';

// The charts are imported inside each test, not at the top: a chart whose definition cannot be built then fails the
// test that loads it, with the reason, instead of leaving a file that runs no test at all.
const loadSurvey = () => import('../../machines/survey/survey.machine');
const loadSignIn = () => import('../../machines/sign-in/sign-in.machine');
const loadIssueCode = () => import('../../machines/issue-code/issue-code.machine');
const loadFollowUpCase = () => import('../../machines/follow-up-case/follow-up-case.machine');
const loadProfile = () => import('../../machines/profile/profile.machine');

describe('each chart, as the inspector shows it and as it runs with its placeholder actors', () => {
  it('survey: starts filling for the session’s customer, and its placeholder stores the survey', async () => {
    const { surveyMachine } = await loadSurvey();
    expect(surveyMachine.id).toBe('survey');
    const actor = createActor(surveyMachine, { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } }).start();
    expect(actor.getSnapshot().value).toBe('filling');
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['submitSurvey']);
    const thanked = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(thanked.value).toBe('thanked');
  });

  it('survey: ends at once when there is no customer', async () => {
    const { surveyMachine } = await loadSurvey();
    const snapshot = createActor(surveyMachine, { input: { sessionCustomerId: null, linkCustomerId: null } })
      .start()
      .getSnapshot();
    expect(snapshot.value).toBe('noCustomer');
    expect(snapshot.status).toBe('done');
  });

  it('sign-in: starts editing, and its placeholder answers wrong credentials', async () => {
    const { signInMachine } = await loadSignIn();
    expect(signInMachine.id).toBe('signIn');
    const actor = createActor(signInMachine).start();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'field.changed', field: 'email', value: 'owner@wash.example' });
    actor.send({ type: 'field.changed', field: 'password', value: 'correct horse battery staple' });
    actor.send({ type: 'user.submit' });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['signIn']);
    const answered = await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(answered.value).toBe('editing');
    expect(answered.context.failure).toEqual({ kind: 'wrongCredentials' });
  });

  it('issue-code: starts editing, and its placeholder refuses', async () => {
    const { issueCodeMachine } = await loadIssueCode();
    expect(issueCodeMachine.id).toBe('issueCode');
    const actor = createActor(issueCodeMachine, { input: { sites: ['7'], today: '2026-11-24' } }).start();
    expect(actor.getSnapshot().value).toEqual({ editing: 'ready' });
    actor.send({ type: 'phone.changed', e164: '+12015550143', isValid: true });
    actor.send({ type: 'field.changed', field: 'planName', value: 'Unlimited Wash Club' });
    actor.send({ type: 'field.changed', field: 'amount', value: '29.99' });
    actor.send({ type: 'user.submit' });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['issueCode']);
    const refused = await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'refused' }));
    expect(refused.context.refusal).toBe('');
  });

  it('profile: looks the code up, and its placeholder refuses it', async () => {
    const { profileMachine } = await loadProfile();
    expect(profileMachine.id).toBe('profile');
    const actor = createActor(profileMachine, { input: { token: 'code-open' } }).start();
    expect(actor.getSnapshot().value).toBe('loadingRegistration');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['fetchRegistration']);
    const refused = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(refused.value).toBe('invalidCode');
  });

  it('follow-up-case: starts idle, and its placeholder refuses', async () => {
    const { followUpCaseMachine } = await loadFollowUpCase();
    expect(followUpCaseMachine.id).toBe('followUpCase');
    const actor = createActor(followUpCaseMachine, { input: { caseId: 'case-1' } }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'user.assign', assigneeId: null });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['assignCase']);
    const refused = await waitFor(actor, (snapshot) => snapshot.context.alert !== null);
    expect(refused.value).toBe('idle');
    expect(refused.context.alert).toEqual({ kind: 'refused', message: '' });
  });
});
