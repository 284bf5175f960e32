import { expect, test, type Route } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { issueCodeMachine } from '../../machines/issue-code/issue-code.machine';
import { toIssueCodeView } from '../../machines/issue-code/issue-code.view';
import type { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { toSignInView } from '../../machines/sign-in/sign-in.view';
import { coveringPaths, transitionPaths } from '../support/graph-paths';
import { describeIssueCodeEvent, issueCodeModel, type IssueCodePathEvent } from '../support/issue-code.paths';
import { signInModel, type SignInPathEvent } from '../support/sign-in.paths';
import { addStaffMember, ownSite, signIn, STAFF_PASSWORD } from './support/console';
import { HeldRequests } from './support/held-requests';
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
        if (message) await expect(page.getByText(message)).toBeVisible();
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
  const screens: Screens<SnapshotFrom<typeof issueCodeMachine>> = {
    editing: async (page, snapshot) => {
      const view = toIssueCodeView(snapshot);
      await expect(page.getByRole('button', { name: 'Issue code' })).toBeEnabled();
      for (const message of Object.values(view.errors)) await expect(page.getByText(message).first()).toBeVisible();
      if (Object.keys(view.errors).length === 0) await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    },
    issuing: async (page) => {
      await expect(page.getByRole('button', { name: 'Issuing…' })).toBeDisabled();
    },
    issued: async (page) => {
      await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
      await expect(page.getByTestId('issued-qr')).toBeVisible();
    },
    refused: async (page, snapshot) => {
      await expect(page.getByRole('alert')).toContainText(snapshot.context.refusal!);
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    },
    failed: async (page) => {
      await expect(page.getByRole('alert')).toContainText('Could not reach the server');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
  };

  const gestures: Gestures<IssueCodePathEvent> = {
    'phone.changed': async ({ page }) => {
      const number = page.getByLabel('Mobile number');
      await number.fill('2015550143');
      // The phone input reads the number once typing pauses.
      await expect(number).not.toHaveAttribute('data-result-due');
    },
    'field.changed': ({ page }, event) =>
      page.getByLabel(event.field === 'planName' ? 'Plan name' : 'Amount ($)').fill(event.value),
    'user.submit': ({ page }) => page.getByRole('button', { name: 'Issue code' }).click(),
    'user.retry': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'user.edit': ({ page }) => page.getByRole('button', { name: 'Change the form' }).click(),
    'user.issueAnother': ({ page }) => page.getByRole('button', { name: 'Issue another code' }).click(),
    'xstate.done.actor.issueCode': async ({ held }, event) => {
      const route = await held.next('issue');
      if (event.output.kind === 'issued') return route.continue();
      if (event.output.kind === 'invalid') {
        return refuse(route, 400, 'validation_failed', 'Some fields are missing or invalid.', {
          issues: event.output.errors,
        });
      }
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
