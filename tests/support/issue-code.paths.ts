import type { SnapshotFrom } from 'xstate';
import { issueCodeMachine } from '../../machines/issue-code/issue-code.machine';
import type { IssueCodeEvent, IssueCodeInput, IssueOutcome } from '../../machines/issue-code/issue-code.types';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof issueCodeMachine>;

export type IssueCodePathEvent =
  | IssueCodeEvent
  | { type: 'xstate.done.actor.issueCode'; output: IssueOutcome }
  | { type: 'xstate.error.actor.issueCode'; error: unknown };

export const ISSUED_URL = 'https://club.example/?id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const inputs: Record<string, IssueCodeInput> = {
  manager: { sites: ['7'], today: '2026-11-24' },
};

export const issueCodeModel: PathModel<typeof issueCodeMachine, IssueCodePathEvent> = {
  machine: issueCodeMachine,
  inputs,
  events: [
    { type: 'phone.changed', e164: '+12015550143', isValid: true },
    { type: 'field.changed', field: 'planName', value: 'Unlimited Wash Club' },
    { type: 'field.changed', field: 'amount', value: '29.99' },
    { type: 'textLink.changed', checked: true },
    { type: 'textLink.changed', checked: false },
    { type: 'user.submit' },
    {
      type: 'xstate.done.actor.issueCode',
      output: {
        kind: 'issued',
        issued: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', url: ISSUED_URL, registration: {} as never },
      },
    },
    { type: 'xstate.done.actor.issueCode', output: { kind: 'invalid', errors: { planName: 'Plan name is required' } } },
    {
      type: 'xstate.done.actor.issueCode',
      output: { kind: 'optedOut', message: 'This number has opted out of texts.' },
    },
    {
      type: 'xstate.done.actor.issueCode',
      output: { kind: 'refused', message: 'You may issue codes only for your own sites.' },
    },
    { type: 'xstate.error.actor.issueCode', error: new Error('network') },
    { type: 'user.retry' },
    { type: 'user.issueAnother' },
  ],
  // A click always flips the box; the server says a number opted out only when asked to text it.
  possible: (snapshot, event) =>
    event.type === 'textLink.changed'
      ? event.checked !== snapshot.context.textLink
      : event.type !== 'xstate.done.actor.issueCode' || event.output.kind !== 'optedOut' || snapshot.context.textLink,
  serialize: (snapshot: Snapshot) =>
    JSON.stringify({
      state: snapshot.value,
      phone: snapshot.context.phone.isValid,
      textLink: snapshot.context.textLink,
      plan: snapshot.context.form.planName !== '',
      amount: snapshot.context.form.amount !== '',
      attempted: snapshot.context.attempted,
      serverErrors: Object.keys(snapshot.context.serverErrors).length > 0,
    }),
};

export function describeIssueCodeEvent(event: IssueCodePathEvent): string {
  if (event.type === 'field.changed') return `field.changed(${event.field})`;
  if (event.type === 'textLink.changed') return `textLink.changed(${event.checked ? 'ticked' : 'unticked'})`;
  if (event.type === 'xstate.done.actor.issueCode') return `issueCode(${event.output.kind})`;
  if (event.type === 'xstate.error.actor.issueCode') return 'issueCode(network error)';
  return event.type;
}
