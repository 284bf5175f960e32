import { expect, test, type Page, type Route } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { followUpCaseMachine } from '../../machines/follow-up-case/follow-up-case.machine';
import type {
  FollowUpAction,
  FollowUpCaseField,
  FollowUpOutcome,
} from '../../machines/follow-up-case/follow-up-case.types';
import { toFollowUpCaseView } from '../../machines/follow-up-case/follow-up-case.view';
import type { issueCodeMachine } from '../../machines/issue-code/issue-code.machine';
import { toIssueCodeView, UNTICKED } from '../../machines/issue-code/issue-code.view';
import type { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { toSignInView } from '../../machines/sign-in/sign-in.view';
import { uncovered } from '../support/coverage';
import { chainedPaths, coveringPaths, pathVisits, transitionPaths } from '../support/graph-paths';
import {
  changesCase,
  describeFollowUpCaseEvent,
  followUpCaseModel,
  type FollowUpCasePathEvent,
} from '../support/follow-up-case.paths';
import { describeIssueCodeEvent, issueCodeModel, type IssueCodePathEvent } from '../support/issue-code.paths';
import { signInModel, type SignInPathEvent } from '../support/sign-in.paths';
import { addStaffMember, ownSite, signIn, STAFF_PASSWORD } from './support/console';
import { openFollowUpCase } from './support/follow-ups';
import { HeldRequests } from './support/held-requests';
import { replayed } from './support/replay-path';
import { walkPath, type Gestures, type Screens } from './support/walk-path';

/** A refusal in the API's error contract, as the real server would answer it. */
const refuse = (route: Route, status: number, code: string, message: string, extra: object = {}) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code, message, ...extra } }),
    ...(status === 429 ? { headers: { 'retry-after': '600' } } : {}),
  });

test.describe('the sign-in chart, walked in the browser', () => {
  const screens: Screens<SnapshotFrom<typeof signInMachine>> = {
    editing: async (page, snapshot) => {
      const view = toSignInView(snapshot);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      if (view.alert) await expect(page.getByRole('alert')).toHaveText(view.alert);
      else await expect(page.getByRole('alert')).toHaveText('');
      for (const field of ['email', 'password'] as const) {
        const message = view.errors[field];
        if (message) await expect(page.getByText(message, { exact: true })).toBeVisible();
      }
    },
    signingIn: async (page) => {
      await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    },
    signedIn: async (page) => {
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    },
  };

  for (const path of coveringPaths(signInModel, transitionPaths(signInModel))) {
    const steps = path.steps.slice(1);
    const name = steps
      .map((step) =>
        step.event.type.replace(
          'xstate.done.actor.signIn',
          `signIn(${(step.event as { output?: { kind: string } }).output?.kind})`,
        ),
      )
      .join(' → ');
    test(name || 'opens', async ({ page, request }) => {
      // A real staff member stands in for the model's where a sign-in is let through, so it is a real one; the
      // other outcomes are the held request's answer, whoever signs in.
      const letThrough = steps.some(
        (step) => step.event.type === 'xstate.done.actor.signIn' && step.event.output.kind === 'signedIn',
      );
      const email = letThrough ? await addStaffMember(request, 'owner') : 'owner@wash.example';
      const gestures: Gestures<SignInPathEvent> = {
        'field.changed': ({ page }, event) =>
          event.field === 'email'
            ? page.getByLabel('Email').fill(email)
            : page.getByLabel('Password').fill(STAFF_PASSWORD),
        'user.submit': ({ page }) => page.getByRole('button', { name: 'Sign in' }).click(),
        'xstate.done.actor.signIn': async ({ held }, event) => {
          const route = await held.next('signIn');
          if (event.output.kind === 'signedIn') return route.continue();
          if (event.output.kind === 'throttled') return refuse(route, 429, 'rate_limited', 'Too many failed sign-ins.');
          if (event.output.kind === 'refusedAddress') return refuse(route, 403, 'wrong_origin', event.output.message);
          if (event.output.kind === 'invalid') {
            return refuse(route, 400, 'validation_failed', 'Some fields are missing or invalid.', {
              issues: event.output.errors,
            });
          }
          return refuse(route, 401, 'invalid_credentials', 'Email or password is incorrect.');
        },
        'xstate.error.actor.signIn': async ({ held }) => (await held.next('signIn')).abort('internetdisconnected'),
      };
      const held = new HeldRequests();
      await held.install(page);
      await page.goto('/admin/sign-in');
      await walkPath(path, { page, held }, gestures, screens);
    });
  }
});

test.describe('the issue-a-code chart, walked in the browser', () => {
  /** The form in every state of `editing`: what the last answer said above it, and the box as the chart has it. */
  const editing = async (page: Page, snapshot: SnapshotFrom<typeof issueCodeMachine>) => {
    const view = toIssueCodeView(snapshot);
    await expect(page.getByRole('button', { name: 'Issue code' })).toBeEnabled();
    for (const message of Object.values(view.errors)) await expect(page.getByText(message).first()).toBeVisible();
    if (Object.keys(view.errors).length === 0) await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    const alert = page.getByRole('alert');
    if (view.alert) {
      await expect(alert).toContainText(view.alert.message);
      if (view.alert.hint) await expect(alert).toContainText(view.alert.hint);
      else await expect(alert).not.toContainText(UNTICKED);
    } else {
      await expect(alert).toHaveText('');
    }
    await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(view.alert?.canRetry ? 1 : 0);
    await expect(page.getByRole('checkbox', { name: 'Text the link to this number' })).toBeChecked({
      checked: view.textLink,
    });
  };
  const screens: Screens<SnapshotFrom<typeof issueCodeMachine>> = {
    'editing.ready': editing,
    'editing.optedOut': editing,
    'editing.refused': editing,
    'editing.failed': editing,
    issuing: async (page) => {
      await expect(page.getByRole('button', { name: 'Issuing…' })).toBeDisabled();
    },
    issued: async (page) => {
      await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
      await expect(page.getByTestId('issued-qr')).toBeVisible();
    },
  };

  const gestures: Gestures<IssueCodePathEvent> = {
    // As a busy manager types it: the next gesture (a tap on "Issue code", often) comes at once, not after the pause
    // the phone input waits for before it reads the number.
    'phone.changed': ({ page }) => page.getByLabel('Mobile number').fill('2015550143'),
    'field.changed': ({ page }, event) =>
      page.getByLabel(event.field === 'planName' ? 'Plan name' : 'Amount ($)').fill(event.value),
    'textLink.changed': ({ page }, event) =>
      page.getByRole('checkbox', { name: 'Text the link to this number' }).setChecked(event.checked),
    'user.submit': ({ page }) => page.getByRole('button', { name: 'Issue code' }).click(),
    'user.retry': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'user.issueAnother': ({ page }) => page.getByRole('button', { name: 'Issue another code' }).click(),
    'xstate.done.actor.issueCode': async ({ held }, event) => {
      const route = await held.next('issue');
      if (event.output.kind === 'issued') return route.continue();
      if (event.output.kind === 'invalid') {
        return refuse(route, 400, 'validation_failed', 'Some fields are missing or invalid.', {
          issues: event.output.errors,
        });
      }
      if (event.output.kind === 'optedOut') return refuse(route, 422, 'sms_opted_out', event.output.message);
      return refuse(route, 403, 'forbidden', event.output.message);
    },
    'xstate.error.actor.issueCode': async ({ held }) => (await held.next('issue')).abort('internetdisconnected'),
  };

  for (const path of coveringPaths(issueCodeModel, transitionPaths(issueCodeModel))) {
    const steps = path.steps.slice(1);
    test(steps.map((step) => describeIssueCodeEvent(step.event)).join(' → ') || 'opens', async ({ page, request }) => {
      // A manager of one site: the model's form issues for it, and the server lets a real code through.
      const manager = await addStaffMember(request, 'manager', [ownSite()]);
      await signIn(page, manager, '/admin/issue');
      await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
      const held = new HeldRequests();
      await held.install(page);
      await walkPath(path, { page, held }, gestures, screens);
    });
  }
});

test.describe('the follow-up case chart, walked in the browser', () => {
  // The case page as an owner sees it: every action, the "Assign to" choice (where an assignment's message is said)
  // included. Each path gets a case of its own, so the page starts open, unassigned, with nothing said.
  const LABELS: Record<FollowUpCaseField, string> = {
    assigneeId: 'Assign to',
    contactNote: 'How you reached them (optional)',
    noteText: 'Note',
    rootCause: 'Root cause',
    resolutionNote: 'What was done',
  };
  /** What the API calls each field (follow-up-case.actors.ts reads its messages back under the form's names). */
  const API_FIELDS: Record<FollowUpCaseField, string> = {
    assigneeId: 'assigneeId',
    contactNote: 'note',
    noteText: 'text',
    rootCause: 'rootCause',
    resolutionNote: 'note',
  };
  const BUTTONS: Record<FollowUpAction, { ready: string; pending: string }> = {
    assign: { ready: 'Assign to me', pending: 'Assigning...' },
    contact: { ready: 'Mark contacted', pending: 'Saving...' },
    note: { ready: 'Add a note', pending: 'Adding...' },
    resolve: { ready: 'Resolve', pending: 'Resolving...' },
  };
  const DONE: Record<FollowUpAction, string> = {
    assign: 'Assignment saved.',
    contact: 'Marked contacted.',
    note: 'Note added.',
    resolve: 'Case resolved.',
  };
  const field = (page: Page, name: FollowUpCaseField) => page.getByLabel(LABELS[name]);
  const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });

  const FIELDS = Object.keys(LABELS) as FollowUpCaseField[];
  /** The fields on the page after the last success: a contacted case has no contact form, a resolved one only notes. */
  const fieldsShown = (done: FollowUpAction | undefined): FollowUpCaseField[] =>
    done === 'resolve' ? ['noteText'] : done === 'contact' ? FIELDS.filter((name) => name !== 'contactNote') : FIELDS;

  const idle = async (page: Page, snapshot: SnapshotFrom<typeof followUpCaseMachine>) => {
    const view = toFollowUpCaseView(snapshot);
    await expect(actions(page).getByRole('alert')).toHaveText(view.alert ?? '');
    await expect(actions(page).getByRole('status')).toHaveText(view.done ? DONE[view.done.action] : '');
    await expect(page.getByRole('button', { name: BUTTONS.note.ready })).toBeEnabled();
    const shown = fieldsShown(view.done?.action);
    for (const name of FIELDS.filter((name) => !shown.includes(name))) await expect(field(page, name)).toHaveCount(0);
    for (const name of shown) {
      await expect(field(page, name)).toHaveValue(view.form[name]);
      const message = view.errors[name];
      if (message) {
        await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
        await expect(field(page, name)).toHaveAccessibleDescription(message);
      } else {
        await expect(field(page, name)).not.toHaveAttribute('aria-invalid');
      }
    }
  };
  /** One request at a time: the action in flight says so, and the note's button (or the resolve's) waits too. */
  const pending = (action: FollowUpAction) => async (page: Page) => {
    await expect(page.getByRole('button', { name: BUTTONS[action].pending })).toBeDisabled();
    const other = action === 'note' ? BUTTONS.resolve.ready : BUTTONS.note.ready;
    await expect(page.getByRole('button', { name: other, exact: true })).toBeDisabled();
  };
  const screens: Screens<SnapshotFrom<typeof followUpCaseMachine>> = {
    idle,
    assigning: pending('assign'),
    contacting: pending('contact'),
    noting: pending('note'),
    resolving: pending('resolve'),
  };

  /** The held action's answer: through to the server when it is let through, else the server's refusal made here. */
  const answer =
    (action: FollowUpAction) =>
    async ({ held }: { held: HeldRequests }, { output }: { output: FollowUpOutcome }) => {
      const route = await held.next(action);
      if (output.kind === 'updated') return route.continue();
      if (output.kind === 'invalid') {
        const issues = Object.fromEntries(
          Object.entries(output.errors).map(([name, text]) => [API_FIELDS[name as FollowUpCaseField], text]),
        );
        return refuse(route, 400, 'validation_failed', 'Some fields are missing or invalid.', { issues });
      }
      if (output.kind === 'closed') return refuse(route, 409, 'case_closed', output.message);
      return refuse(route, 404, 'not_found', output.message);
    };
  const cutOff =
    (action: FollowUpAction) =>
    async ({ held }: { held: HeldRequests }) =>
      (await held.next(action)).abort('internetdisconnected');

  const gestures: Gestures<FollowUpCasePathEvent> = {
    'field.changed': async ({ page }, event) => {
      const box = field(page, event.field);
      if (event.field === 'rootCause' || event.field === 'assigneeId') {
        await box.selectOption(event.value);
        return;
      }
      // Typed afresh: React reports no change when a path types what the box already holds (a note the server
      // refused, edited back to itself), and the edit is what takes the message away.
      await box.clear();
      await box.fill(event.value);
    },
    'user.assign': ({ page }) => page.getByRole('button', { name: BUTTONS.assign.ready }).click(),
    'user.contact': ({ page }) => page.getByRole('button', { name: BUTTONS.contact.ready }).click(),
    'user.addNote': ({ page }) => page.getByRole('button', { name: BUTTONS.note.ready }).click(),
    'user.resolve': ({ page }) => page.getByRole('button', { name: BUTTONS.resolve.ready, exact: true }).click(),
    'xstate.done.actor.assignCase': answer('assign'),
    'xstate.done.actor.contactCase': answer('contact'),
    'xstate.done.actor.addNote': answer('note'),
    'xstate.done.actor.resolveCase': answer('resolve'),
    'xstate.error.actor.assignCase': cutOff('assign'),
    'xstate.error.actor.contactCase': cutOff('contact'),
    'xstate.error.actor.addNote': cutOff('note'),
    'xstate.error.actor.resolveCase': cutOff('resolve'),
  };

  // The browser walks a few long sequences, each on one case and one page: any number of refusals and unanswered
  // requests (each leaves the case as it was and the chart idle), then at most one success, last, since after one
  // the page offers fewer actions (a contacted case has no "Mark contacted"), which the chart cannot know.
  // chainedPaths throws if the chart would ignore a step of a sequence.
  const paths = chainedPaths(followUpCaseModel, changesCase);

  test('the walked paths take every state and transition of the chart', () => {
    expect(uncovered(followUpCaseModel.machine, pathVisits(followUpCaseModel, paths))).toEqual({
      states: [],
      transitions: [],
    });
    // One page load per success of the chart (each ends a walk) and no more: what the CI budget affords.
    expect(paths.length).toBeLessThanOrEqual(4);
  });

  for (const [index, path] of paths.entries()) {
    const steps = path.steps.slice(1);
    const last = steps.at(-1);
    const ending = last ? `, ending in ${describeFollowUpCaseEvent(last.event)}` : '';
    test(`sequence ${index + 1}: ${steps.length} steps${ending}`, async ({ page, request }) => {
      test.info().annotations.push({
        type: 'steps',
        description: steps.map((step) => describeFollowUpCaseEvent(step.event)).join(' → '),
      });
      const { caseId } = await openFollowUpCase(request, ownSite());
      await signIn(page, await addStaffMember(request, 'owner'), `/admin/follow-ups/${caseId}`);
      await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
      const held = new HeldRequests();
      await held.install(page);
      // Each gesture a step of the report, so a failure shows how far into the sequence it came.
      let step = 0;
      const stepped = Object.fromEntries(
        Object.entries(gestures).map(([type, gesture]) => [
          type,
          (ctx: Parameters<typeof gesture>[0], event: FollowUpCasePathEvent) =>
            test.step(`${++step}. ${describeFollowUpCaseEvent(event)}`, () =>
              (gesture as (ctx: unknown, event: FollowUpCasePathEvent) => Promise<void>)(ctx, event)),
        ]),
      ) as unknown as typeof gestures;
      await walkPath(replayed(followUpCaseModel, path), { page, held }, stepped, screens);
    });
  }
});
