import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { issueCodeMachine } from '../../machines/issue-code/issue-code.machine';
import type { IssueOutcome, IssueRequest } from '../../machines/issue-code/issue-code.types';
import { COULD_NOT_REACH, toIssueCodeView } from '../../machines/issue-code/issue-code.view';
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
    expect(actor.getSnapshot().value).toBe('editing');
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
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view().errors).toEqual({ siteId: 'Choose a site' });
    actor.send({ type: 'field.changed', field: 'siteId', value: '12' });
    expect(view().errors).toEqual({});
  });

  it("says the server's refusal and goes back to the form unchanged", async () => {
    const message = 'You may issue codes only for your own sites.';
    const { actor, view } = start(() => Promise.resolve({ kind: 'refused', message }));
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toEqual({ message, canRetry: false });
    actor.send({ type: 'user.edit' });
    expect(view().alert).toBeNull();
    expect(view().form.amount).toBe('29.99');
  });

  it('keeps everything when the server cannot be reached, and tries the same request again', async () => {
    let calls = 0;
    const { actor, requests, view } = start(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(issued),
    );
    fill(actor);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toEqual({ message: COULD_NOT_REACH, canRetry: true });
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
