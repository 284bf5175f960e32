import { expect, test, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { formErrors, type profileMachine } from '../../machines/profile/profile.machine';
import type { SavedProgress } from '../../machines/profile/profile.types';
import { emptyCustomerForm } from '../../src/domain/customer';
import type { Registration } from '../../src/domain/registration';
import { coveringPaths, transitionPaths } from '../support/graph-paths';
import { describeEvent, profileModel, type ProfilePathEvent } from '../support/profile.paths';
import { completedCode, memberProfile, returningMemberCode } from './support/api';
import { HeldRequests } from './support/held-requests';
import { servePageWithoutItsLookup } from './support/page-without-lookup';
import { walkPath, type Gestures, type Screens } from './support/walk-path';

type Snapshot = SnapshotFrom<typeof profileMachine>;

const refusal = (status: number, code: string, issues?: Record<string, string>) => ({
  status,
  json: { error: { code, message: 'Refused in test', ...(issues ? { issues } : {}) } },
});

/** The paths change these fields; each is a checkbox with this label. */
const checkboxLabels: Partial<Record<string, RegExp>> = {
  isAgreedToTerms: /I agree to the terms and conditions/,
  isSubscribedToNewsletters: /Email me news and offers/,
};

/** One UI gesture per machine event: a new event does not compile until it has one. */
const gestures: Gestures<ProfilePathEvent> = {
  'phone.changed': async ({ page }, event) => {
    const input = page.getByLabel('Mobile number');
    await input.fill('');
    await input.pressSequentially(event.phone.isValid ? '4155550123' : '12');
  },
  'user.confirmPhone': ({ page }) => page.getByRole('button', { name: 'OK' }).click(),
  'field.changed': async ({ page }, event) => {
    const label = checkboxLabels[event.field];
    expect(label, `a gesture for ${event.field}`).toBeDefined();
    const box = page.getByRole('checkbox', { name: label });
    await expect(box).toHaveAttribute('aria-checked', String(!event.value));
    await box.click();
  },
  'consent.allChanged': async ({ page }, event) => {
    const box = page.getByRole('checkbox', { name: 'Send me emails and text messages' });
    await expect(box).toHaveAttribute('aria-checked', String(!event.checked));
    await box.click();
  },
  'user.submit': ({ page }) => page.getByRole('button', { name: 'Submit' }).click(),
  'user.retry': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
  'xstate.done.actor.fetchRegistration': async ({ held }, event) => {
    const route = await held.next('lookup');
    const output = event.output as { kind: string; registration?: Registration };
    if (output.kind === 'refused') return route.fulfill(refusal(404, 'not_found'));
    // A completed code: the real server would answer it once used; the fixture says so directly.
    if (output.registration?.isCompleted) return route.fulfill({ json: output.registration });
    return route.continue();
  },
  'xstate.error.actor.fetchRegistration': async ({ held }) => (await held.next('lookup')).abort('internetdisconnected'),
  'xstate.done.actor.submitCustomer': async ({ held }, event) => {
    const route = await held.next('submit');
    const output = event.output as { kind: string; errors?: Record<string, string> };
    if (output.kind === 'refused') return route.fulfill(refusal(409, 'registration_unavailable'));
    if (output.kind === 'invalid') return route.fulfill(refusal(400, 'validation_failed', output.errors));
    return route.continue();
  },
  'xstate.error.actor.submitCustomer': async ({ held }) => (await held.next('submit')).abort('internetdisconnected'),
};

const form = (page: Page) => page.getByRole('form', { name: 'Membership profile' });
const problem = (page: Page) => page.getByRole('alert').filter({ hasText: "We couldn't connect." });

/** What the customer sees in each state of the chart. */
const screens: Screens<Snapshot> = {
  loadingRegistration: async (page) => {
    await expect(page.getByText('Loading...')).toBeVisible();
  },
  lookupFailed: async (page) => {
    // Nothing was typed yet, so the message does not speak of it.
    await expect(problem(page)).toHaveText(/We couldn't connect\. Check your signal and try again\./);
    await expect(problem(page)).not.toContainText('typed');
    await expect(form(page)).toBeHidden();
  },
  askingForPhone: async (page, snapshot) => {
    await expect(page.getByRole('dialog', { name: 'Please enter your phone number' })).toBeVisible();
    const ok = page.getByRole('button', { name: 'OK' });
    await (snapshot.context.phone.isValid ? expect(ok).toBeEnabled() : expect(ok).toBeDisabled());
  },
  'form.editing': async (page, snapshot) => {
    await expect(form(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(problem(page)).toBeHidden();
    const expected = snapshot.context.dirty ? formErrors(snapshot.context) : {};
    for (const [field, message] of Object.entries(expected)) {
      await expect(page.locator(`#field-${field}-error`)).toHaveText(message);
    }
    if (!snapshot.context.dirty) await expect(page.locator('[id$="-error"]')).toHaveCount(0);
  },
  'form.submitting': async (page, snapshot) => {
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    // The boxes show what is being sent: a click while the request is in flight changes nothing.
    const { form: sent, allConsent } = snapshot.context;
    await expect(page.getByRole('checkbox', { name: checkboxLabels.isSubscribedToNewsletters })).toHaveAttribute(
      'aria-checked',
      String(sent.isSubscribedToNewsletters),
    );
    await expect(page.getByRole('checkbox', { name: 'Send me emails and text messages' })).toHaveAttribute(
      'aria-checked',
      String(allConsent),
    );
  },
  'form.submitFailed': async (page) => {
    await expect(problem(page)).toHaveText(
      /We couldn't connect\. Your profile was not sent\. Check your signal and try again: nothing you typed has been lost\./,
    );
    await expect(form(page)).toBeVisible();
  },
  invalidCode: async (page) => {
    await expect(page.getByRole('dialog', { name: 'Invalid registration code' })).toBeVisible();
  },
  completed: async (page) => {
    await expect(page).toHaveURL(/\/thank-you$/);
  },
};

async function openPage(page: Page, input: string, request: Parameters<typeof returningMemberCode>[0]) {
  if (input === 'withoutCode') return page.goto('/');
  // The page comes with the answer to its code: open, used, or no such code.
  if (input === 'withAnsweredUsedCode') return page.goto((await completedCode(request)).issued.url);
  if (input === 'withAnsweredRefusedCode') return page.goto(`/?id=${'x'.repeat(32)}`);
  const issued = await returningMemberCode(request);
  if (input === 'withCode') await servePageWithoutItsLookup(page);
  if (input === 'reloaded') {
    // As if the customer had filled the form and reloaded: the progress is in session storage.
    const progress: SavedProgress = {
      token: issued.token,
      registration: { ...issued.registration, profile: memberProfile },
      form: {
        ...emptyCustomerForm(issued.registration.id),
        ...memberProfile,
        registrationId: issued.registration.id,
        isAgreedToTerms: true,
      },
      allConsent: false,
      dirty: false,
    };
    await page.addInitScript((saved) => {
      if (!sessionStorage.getItem('club-profile:progress')) {
        sessionStorage.setItem('club-profile:progress', saved);
      }
    }, JSON.stringify(progress));
  }
  return page.goto(`/?id=${issued.token}`);
}

for (const path of coveringPaths(profileModel, transitionPaths(profileModel))) {
  const steps = path.steps.slice(1);
  const title = `${path.input}: ${steps.map((step) => describeEvent(step.event)).join(' → ')}`;

  test(title, async ({ page, request }) => {
    const held = new HeldRequests();
    await held.install(page);
    await openPage(page, path.input, request);
    await walkPath(path, { page, held }, gestures, screens);
  });
}
