import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { issueCodeSchema, type IssueCodeForm } from '../../src/domain/issue-code-form';
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
 * A cashier issues a code at the counter (README, "The operator console"): fill in, issue, show the link and its QR
 * code, issue the next. The form answers in every state it is on screen: whatever the last answer was (a refusal, no
 * answer, a number that opted out of texts), a field edit counts and a submit issues again (decision 037).
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
    changeTextLink: assign(({ event }) => {
      assertEvent(event, 'textLink.changed');
      return { textLink: event.checked };
    }),
    markAttempted: assign({ attempted: true }),
    keepIssued: assign((_, issued: IssuedRegistration) => ({ issued, refusal: null })),
    keepFieldErrors: assign((_, errors: FieldErrors) => ({ serverErrors: errors, attempted: true })),
    keepRefusal: assign((_, message: string) => ({ refusal: message })),
    /** A number that texted STOP is never texted (decision 030): the box is unticked, so issuing again shows the link. */
    untickTextLink: assign({ textLink: false }),
    /** The next customer: a new number; plan, amount, renewal, site and texting usually stay the same at one counter. */
    startNext: assign({ phone: { e164: '', isValid: false }, issued: null, attempted: false, serverErrors: {} }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(issueCodeErrors(context)).length === 0,
    wasIssued: (_, output: IssueOutcome) => output.kind === 'issued',
    wasInvalid: (_, output: IssueOutcome) => output.kind === 'invalid',
    wasOptedOut: (_, output: IssueOutcome) => output.kind === 'optedOut',
  },
}).createMachine({
  id: 'issueCode',
  context: ({ input }) => ({
    form: emptyForm(input),
    phone: { e164: '', isValid: false },
    serverErrors: {},
    textLink: false,
    attempted: false,
    issued: null,
    refusal: null,
  }),
  initial: 'editing',
  states: {
    /** The form on screen, with what the last answer said above it until the next submit. */
    editing: {
      initial: 'ready',
      on: {
        'field.changed': { actions: 'changeField' },
        'phone.changed': { actions: 'changePhone' },
        'textLink.changed': { actions: 'changeTextLink' },
        'user.submit': [
          { guard: 'formIsValid', target: 'issuing', actions: 'markAttempted' },
          // The field messages say what to do now: an earlier answer's alert has had its turn.
          { target: '.ready', actions: 'markAttempted' },
        ],
      },
      states: {
        ready: {},
        /** The server would not text this number: the box is unticked, and issuing again shows the link instead. */
        optedOut: {},
        /** The server said no (another site, a session ended): the form stays as it was, to change or send again. */
        refused: {},
        /** No answer: nothing was issued that the cashier can see; trying again sends the form as it is. */
        failed: {
          on: { 'user.retry': { target: '#issueCode.issuing' } },
        },
      },
    },
    issuing: {
      invoke: {
        id: 'issueCode',
        src: 'issueCode',
        // The guard let only a valid form through: this is the schema's output for it.
        input: ({ context }): IssueRequest => {
          const result = validate(issueCodeSchema, requestOf(context));
          if (!result.ok) throw new Error('The issue-a-code form was submitted invalid');
          return context.textLink ? { ...result.value, send: 'sms' } : result.value;
        },
        onDone: [
          {
            guard: { type: 'wasIssued', params: ({ event }) => event.output },
            target: 'issued',
            actions: { type: 'keepIssued', params: ({ event }) => outcomeOf(event.output, 'issued').issued },
          },
          {
            guard: { type: 'wasInvalid', params: ({ event }) => event.output },
            target: 'editing.ready',
            actions: { type: 'keepFieldErrors', params: ({ event }) => outcomeOf(event.output, 'invalid').errors },
          },
          {
            guard: { type: 'wasOptedOut', params: ({ event }) => event.output },
            target: 'editing.optedOut',
            actions: [
              'untickTextLink',
              { type: 'keepRefusal', params: ({ event }) => outcomeOf(event.output, 'optedOut').message },
            ],
          },
          {
            target: 'editing.refused',
            actions: { type: 'keepRefusal', params: ({ event }) => outcomeOf(event.output, 'refused').message },
          },
        ],
        onError: { target: 'editing.failed' },
      },
    },
    /** The link, its QR code, copy and print; the next customer starts from here. */
    issued: {
      on: { 'user.issueAnother': { target: 'editing', actions: 'startNext' } },
    },
  },
});
