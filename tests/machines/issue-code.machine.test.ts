import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { issueCodeMachine } from '../../machines/issue-code/issue-code.machine';
import type { IssueOutcome, IssueRequest } from '../../machines/issue-code/issue-code.types';
import type { IssuedRegistration } from '../../src/domain/registration';
import { COULD_NOT_REACH, toIssueCodeView, UNTICKED } from '../../machines/issue-code/issue-code.view';
import { chartStates, chartTransitions, uncovered } from '../support/coverage';
import { pathVisits, transitionPaths } from '../support/graph-paths';
import { ISSUED_URL, issueCodeModel } from '../support/issue-code.paths';

/** The chart with its actor answering `outcome` (or failing), and every request it was given. */
function start(answer: () => Promise<IssueOutcome>) {
  const requests: IssueRequest[] = [];
  const actor = createActor(
    issueCodeMachine.provide({
      actors: {
        issueCode: fromPromise<IssueOutcome, IssueRequest>(({ input }) => {
          requests.push(input);
          return answer();
        }),
      },
    }),
    { input: { sites: ['7', '12'], today: '2026-11-24' } },
  ).start();
  return { actor, requests, view: () => toIssueCodeView(actor.getSnapshot()) };
}

const issued: IssueOutcome = {
  kind: 'issued',
  issued: { token: 'T'.repeat(32), url: ISSUED_URL, registration: {} as never },
};

function fill(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'phone.changed', e164: '+12015550143', isValid: true });
  actor.send({ type: 'field.changed', field: 'planName', value: ' Unlimited Wash Club ' });
  actor.send({ type: 'field.changed', field: 'amount', value: '29.99' });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the issue-a-code chart', () => {
  it('starts on the first site, renewing a month from today, and shows no message before a submit', () => {
    const { view } = start(() => Promise.resolve(issued));
    expect(view().form).toEqual({ planName: '', amount: '', rechargeDate: '2026-12-24', siteId: '7' });
    expect(view().errors).toEqual({});
  });

  it('shows every message on a submit of an empty form, and sends nothing', () => {
    const { actor, requests, view } = start(() => Promise.resolve(issued));
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'ready' });
    expect(view().errors).toEqual({
      mobileNumber: 'Enter a valid mobile number',
      planName: 'Plan name is required',
      amount: 'Enter the amount, such as 29.99',
    });
    expect(requests).toEqual([]);
  });

  it('issues a valid form as the checked request, shows the link, and keeps the sale for the next customer', async () => {
    const { actor, requests, view } = start(() => Promise.resolve(issued));
    fill(actor);
    actor.send({ type: 'user.submit' });
    expect(view().isIssuing).toBe(true);
    await settle();
    expect(requests).toEqual([
      {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-24',
        siteId: '7',
      },
    ]);
    expect(view().issuedUrl).toBe(ISSUED_URL);

    actor.send({ type: 'user.issueAnother' });
    expect(actor.getSnapshot().context.phone).toEqual({ e164: '', isValid: false });
    expect(view().form.planName).toBe(' Unlimited Wash Club ');
    expect(view().errors).toEqual({});
  });

  it("puts the server's field messages on the form until the field is edited", async () => {
    const { actor, view } = start(() => Promise.resolve({ kind: 'invalid', errors: { siteId: 'Choose a site' } }));
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(view().errors).toEqual({ siteId: 'Choose a site' });
    actor.send({ type: 'field.changed', field: 'siteId', value: '12' });
    expect(view().errors).toEqual({});
  });

  it("says the server's refusal above the form, which stays as it was and issues again on the next tap", async () => {
    const message = 'You may issue codes only for your own sites.';
    let answer: () => Promise<IssueOutcome> = () => Promise.resolve({ kind: 'refused', message });
    const { actor, requests, view } = start(() => answer());
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toEqual({ message, hint: null, canRetry: false });
    expect(view().form.amount).toBe('29.99');
    // The cashier picks the other site and taps "Issue code": no other button first.
    actor.send({ type: 'field.changed', field: 'siteId', value: '12' });
    answer = () => Promise.resolve(issued);
    actor.send({ type: 'user.submit' });
    expect(view()).toMatchObject({ isIssuing: true, alert: null });
    await settle();
    expect(requests.map((request) => request.siteId)).toEqual(['7', '12']);
    expect(view().issuedUrl).toBe(ISSUED_URL);
  });

  it('texts the link when the box is ticked', async () => {
    const { actor, requests } = start(() => Promise.resolve(issued));
    fill(actor);
    actor.send({ type: 'textLink.changed', checked: true });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(requests).toEqual([expect.objectContaining({ mobileNumber: '+12015550143', send: 'sms' })]);
  });

  it('unticks the box for a number that opted out of texts, says so, and issues without the text on the next tap', async () => {
    const message = 'This number has opted out of texts.';
    let answer: () => Promise<IssueOutcome> = () => Promise.resolve({ kind: 'optedOut', message });
    const { actor, requests, view } = start(() => answer());
    fill(actor);
    actor.send({ type: 'textLink.changed', checked: true });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view()).toMatchObject({ textLink: false, alert: { message, hint: UNTICKED, canRetry: false } });

    answer = () => Promise.resolve(issued);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ send: 'sms' });
    expect(requests[1]).not.toHaveProperty('send');
    expect(view()).toMatchObject({ issuedUrl: ISSUED_URL, isTexted: false, alert: null });
  });

  it('drops the hint to issue again when the box is ticked again, keeping what the server said', async () => {
    const message = 'This number has opted out of texts.';
    const { actor, view } = start(() => Promise.resolve({ kind: 'optedOut', message }));
    fill(actor);
    actor.send({ type: 'textLink.changed', checked: true });
    actor.send({ type: 'user.submit' });
    await settle();
    actor.send({ type: 'textLink.changed', checked: true });
    expect(view()).toMatchObject({ textLink: true, alert: { message, hint: null, canRetry: false } });
  });

  it('replaces an earlier alert with the field messages when a tap finds the form incomplete', async () => {
    const { actor, requests, view } = start(() => Promise.reject(new Error('offline')));
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toEqual({ message: COULD_NOT_REACH, hint: null, canRetry: true });
    actor.send({ type: 'field.changed', field: 'amount', value: '' });
    actor.send({ type: 'user.submit' });
    expect(view()).toMatchObject({ alert: null, errors: { amount: 'Enter the amount, such as 29.99' } });
    expect(requests).toHaveLength(1);
  });

  it('keeps everything when the server cannot be reached, and tries the same request again', async () => {
    let calls = 0;
    const { actor, requests, view } = start(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(issued),
    );
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toEqual({ message: COULD_NOT_REACH, hint: null, canRetry: true });
    actor.send({ type: 'user.retry' });
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(view().issuedUrl).toBe(ISSUED_URL);
  });

  it('is covered: every state and transition on some generated path', () => {
    const missed = uncovered(issueCodeModel.machine, pathVisits(issueCodeModel, transitionPaths(issueCodeModel)));
    console.log(
      `issueCode: ${chartStates(issueCodeMachine).size} states, ${chartTransitions(issueCodeMachine).size} transitions`,
    );
    expect(missed).toEqual({ states: [], transitions: [] });
  });
});

describe('what the issue-a-code page shows', () => {
  /** The chart answering `issued` once submitted, with the form filled in. */
  async function issue(outcome: IssueOutcome) {
    const started = start(() => Promise.resolve(outcome));
    fill(started.actor);
    started.actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(started.view().isIssuing).toBe(false));
    return started;
  }

  it('shows the form alone before anything is issued', () => {
    const { view } = start(() => Promise.resolve(issued));
    expect(view()).toEqual({
      form: { planName: '', amount: '', rechargeDate: '2026-12-24', siteId: '7' },
      errors: {},
      isIssuing: false,
      issuedUrl: null,
      issuedRegistrationId: null,
      issuedFor: null,
      isTexted: false,
      textLink: false,
      alert: null,
    });
  });

  it('shows the issued link, the registration it made and whose it is, without an alert', async () => {
    const registration = {
      id: 'reg-9',
      mobileNumber: '+13105550188',
      planName: 'Ceramic Shine',
    } as IssuedRegistration['registration'];
    const { view } = await issue({ kind: 'issued', issued: { token: 't', url: ISSUED_URL, registration } });
    expect(view()).toMatchObject({
      isIssuing: false,
      issuedUrl: ISSUED_URL,
      issuedRegistrationId: 'reg-9',
      issuedFor: { mobileNumber: '+13105550188', planName: 'Ceramic Shine' },
      isTexted: false,
      alert: null,
    });
  });

  it('says the link was texted when the answer carries the message', async () => {
    const registration = { id: 'reg-9' } as IssuedRegistration['registration'];
    const sms = { status: 'queued' as const, errorCode: null, attempts: 0, sentAt: null };
    const { view } = await issue({ kind: 'issued', issued: { token: 't', url: ISSUED_URL, registration, sms } });
    expect(view().isTexted).toBe(true);
  });

  it('forgets the link once the next customer starts', async () => {
    const registration = { id: 'reg-9' } as IssuedRegistration['registration'];
    const sms = { status: 'queued' as const, errorCode: null, attempts: 0, sentAt: null };
    const { actor, view } = await issue({ kind: 'issued', issued: { token: 't', url: ISSUED_URL, registration, sms } });
    actor.send({ type: 'user.issueAnother' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(view()).toMatchObject({
      issuedUrl: null,
      issuedRegistrationId: null,
      issuedFor: null,
      isTexted: false,
      alert: null,
    });
  });

  it('shows no link and no alert while the server decides', () => {
    const { actor, view } = start(() => new Promise(() => {}));
    fill(actor);
    actor.send({ type: 'user.submit' });
    expect(view()).toMatchObject({ isIssuing: true, issuedUrl: null, issuedRegistrationId: null, alert: null });
  });

  it('starts with no site when the staff member has none', () => {
    const actor = createActor(issueCodeMachine, { input: { sites: [], today: '2026-01-31' } }).start();
    expect(toIssueCodeView(actor.getSnapshot()).form).toEqual({
      planName: '',
      amount: '',
      rechargeDate: '2026-03-03',
      siteId: '',
    });
  });

  it('takes a number the phone input calls invalid as no number', () => {
    const { actor, requests, view } = start(() => Promise.resolve(issued));
    fill(actor);
    actor.send({ type: 'phone.changed', e164: '+12015550143', isValid: false });
    actor.send({ type: 'user.submit' });
    expect(view().errors).toEqual({ mobileNumber: 'Enter a valid mobile number' });
    expect(requests).toEqual([]);
  });

  it("clears the server's message for the number when the number changes, and no other", async () => {
    const { actor, view } = start(() =>
      Promise.resolve({ kind: 'invalid', errors: { mobileNumber: 'Not a mobile', planName: 'Plan retired' } }),
    );
    fill(actor);
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().errors).toEqual({ mobileNumber: 'Not a mobile', planName: 'Plan retired' }));
    actor.send({ type: 'phone.changed', e164: '+12015550144', isValid: true });
    expect(view().errors).toEqual({ planName: 'Plan retired' });
    expect(actor.getSnapshot().context.phone).toEqual({ e164: '+12015550144', isValid: true });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'field.changed', field: 'planName', value: 'Basic' });
    expect(view().errors).toEqual({});
    expect(view().form.planName).toBe('Basic');
  });

  it('keeps the form editable under a failed connection, and "Try again" sends it as it is now', async () => {
    let answer: () => Promise<IssueOutcome> = () => Promise.reject(new Error('offline'));
    const { actor, requests, view } = start(() => answer());
    fill(actor);
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() =>
      expect(view().alert).toEqual({
        message: 'Could not reach the server. Nothing was issued; try again.',
        hint: null,
        canRetry: true,
      }),
    );
    actor.send({ type: 'field.changed', field: 'amount', value: '19.99' });
    expect(view()).toMatchObject({ form: { amount: '19.99' }, alert: { canRetry: true } });
    expect(requests).toHaveLength(1);
    answer = () => Promise.resolve(issued);
    actor.send({ type: 'user.retry' });
    await vi.waitFor(() => expect(view().issuedUrl).toBe(ISSUED_URL));
    expect(requests[1]).toMatchObject({ amount: 19.99 });
  });
});

it('shows a field emptied after a refusal at once: the form was submitted', async () => {
  const { actor, view } = start(() => Promise.resolve({ kind: 'refused', message: 'No.' }));
  fill(actor);
  actor.send({ type: 'user.submit' });
  await vi.waitFor(() => expect(view().alert).toEqual({ message: 'No.', hint: null, canRetry: false }));
  actor.send({ type: 'field.changed', field: 'amount', value: '' });
  expect(view().errors).toEqual({ amount: 'Enter the amount, such as 29.99' });
});
