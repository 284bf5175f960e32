import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { issueCodeSchema, type IssueCodeForm } from '../../src/domain/issue-code';
import type { IssuedRegistration } from '../../src/domain/registration';
import { validate, type FieldErrors } from '../../src/domain/validation';
import type { IssueCodeContext, IssueCodeEvent, IssueCodeInput, IssueOutcome, IssueRequest } from './issue-code.types';

/** The body the form would send: the form's fields and the number the phone input read. */
const requestOf = ({ form, phone }: Pick<IssueCodeContext, 'form' | 'phone'>) => ({
  ...form,
  mobileNumber: phone.isValid ? phone.e164 : '',
});

/** The messages the form shows: the schema's, then what the server said of fields not edited since. */
export function issueCodeErrors(context: Pick<IssueCodeContext, 'form' | 'phone' | 'serverErrors'>) {
  const result = validate(issueCodeSchema, requestOf(context));
  return { ...context.serverErrors, ...(result.ok ? {} : result.errors) };
}

/** A month after `today`, as the default renewal of a monthly plan. */
function nextMonth(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

function emptyForm(input: IssueCodeInput): IssueCodeForm {
  return { planName: '', amount: '', rechargeDate: nextMonth(input.today), siteId: input.sites[0] ?? '' };
}

function outcomeOf<K extends IssueOutcome['kind']>(output: IssueOutcome, kind: K): Extract<IssueOutcome, { kind: K }> {
  if (output.kind !== kind) throw new Error(`Expected a ${kind} outcome, got ${output.kind}`);
  return output as Extract<IssueOutcome, { kind: K }>;
}

/**
 * A cashier issues a code at the counter (README, "The operator console"): fill in, issue, show the link and its QR code, issue
 * the next. A failed connection keeps everything typed and offers to try again.
 */
export const issueCodeMachine = setup({
  types: {
    context: {} as IssueCodeContext,
    events: {} as IssueCodeEvent,
    input: {} as IssueCodeInput,
  },
  actors: {
    // Provided by the console (issue-code.actors.ts); the placeholder keeps the chart runnable in tests.
    issueCode: fromPromise<IssueOutcome, IssueRequest>(() => Promise.resolve({ kind: 'refused', message: '' })),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const { [event.field]: _edited, ...serverErrors } = context.serverErrors;
      return { form: { ...context.form, [event.field]: event.value }, serverErrors };
    }),
    changePhone: assign(({ context, event }) => {
      assertEvent(event, 'phone.changed');
      const { mobileNumber: _edited, ...serverErrors } = context.serverErrors;
      return { phone: { e164: event.e164, isValid: event.isValid }, serverErrors };
    }),
    markAttempted: assign({ attempted: true }),
    keepIssued: assign((_, issued: IssuedRegistration) => ({ issued, refusal: null })),
    keepFieldErrors: assign((_, errors: FieldErrors) => ({ serverErrors: errors, attempted: true })),
    keepRefusal: assign((_, message: string) => ({ refusal: message })),
    /** The next customer: a new number; plan, amount, renewal and site usually stay the same at one counter. */
    startNext: assign({ phone: { e164: '', isValid: false }, issued: null, attempted: false, serverErrors: {} }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(issueCodeErrors(context)).length === 0,
    wasIssued: (_, output: IssueOutcome) => output.kind === 'issued',
    wasInvalid: (_, output: IssueOutcome) => output.kind === 'invalid',
  },
}).createMachine({
  id: 'issueCode',
  context: ({ input }) => ({
    form: emptyForm(input),
    phone: { e164: '', isValid: false },
    serverErrors: {},
    attempted: false,
    issued: null,
    refusal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'changeField' },
        'phone.changed': { actions: 'changePhone' },
        'user.submit': [
          { guard: 'formIsValid', target: 'issuing', actions: 'markAttempted' },
          { actions: 'markAttempted' },
        ],
      },
    },
    issuing: {
      invoke: {
        id: 'issueCode',
        src: 'issueCode',
        // The guard let only a valid form through: this is the schema's output for it.
        input: ({ context }) => {
          const result = validate(issueCodeSchema, requestOf(context));
          if (!result.ok) throw new Error('The issue-a-code form was submitted invalid');
          return result.value;
        },
        onDone: [
          {
            guard: { type: 'wasIssued', params: ({ event }) => event.output },
            target: 'issued',
            actions: { type: 'keepIssued', params: ({ event }) => outcomeOf(event.output, 'issued').issued },
          },
          {
            guard: { type: 'wasInvalid', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'keepFieldErrors', params: ({ event }) => outcomeOf(event.output, 'invalid').errors },
          },
          {
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => outcomeOf(event.output, 'refused').message },
          },
        ],
        onError: { target: 'failed' },
      },
    },
    /** The link, its QR code, copy and print; the next customer starts from here. */
    issued: {
      on: { 'user.issueAnother': { target: 'editing', actions: 'startNext' } },
    },
    /** The server said no (another site, a session ended): the form stays as it was, to change or leave. */
    refused: {
      on: { 'user.edit': { target: 'editing' } },
    },
    /** No answer: nothing was issued that the cashier can see; trying again sends the same form. */
    failed: {
      on: {
        'user.retry': { target: 'issuing' },
        'user.edit': { target: 'editing' },
      },
    },
  },
});
