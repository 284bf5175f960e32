import { expect, test, type Page, type Route } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { surveyMachine } from '../../machines/survey/survey.machine';
import type { InvitationRefusal } from '../../src/domain/invitations';
import { SURVEY_QUESTION_TEXTS } from '../../src/domain/survey';
import { coveringPaths, transitionPaths } from '../support/graph-paths';
import { describeSurveyEvent, surveyModel, type SurveyPathEvent } from '../support/survey.paths';
import { completedCode, storedSurveys } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { HeldRequests } from './support/held-requests';
import { walkPath, type Gestures, type Screens } from './support/walk-path';

type Snapshot = SnapshotFrom<typeof surveyMachine>;

/**
 * The invitation's two calls, held until a step decides their answer. The server's invitations are made by a visit's
 * scheduled job (decision 053), which a browser test cannot wait for: the page's side of the contract is walked here
 * against answers shaped as src/domain/invitations.ts says, and the server's side is tested on its own.
 */
class HeldInvitationRequests {
  private readonly queues = { lookup: [] as Route[], answer: [] as Route[] };

  async install(page: Page) {
    await page.route('**/api/survey-invitations/**', (route) => {
      const isAnswer = route.request().method() === 'POST' && route.request().url().endsWith('/survey');
      this.queues[isAnswer ? 'answer' : 'lookup'].push(route);
    });
  }

  async next(kind: 'lookup' | 'answer'): Promise<Route> {
    await expect
      .poll(() => this.queues[kind].length, { message: `the page made no invitation ${kind}` })
      .toBeGreaterThan(0);
    return this.queues[kind].shift()!;
  }
}

const invitationRequests = new WeakMap<Page, HeldInvitationRequests>();
const heldInvitation = (page: Page) => invitationRequests.get(page)!;

/** A refusal as the API answers it: 404 for an unknown link, 410 with the reason for a used or expired one. */
const refuse = (route: Route, reason: InvitationRefusal) =>
  route.fulfill({
    status: reason === 'not_found' ? 404 : 410,
    json: { error: { code: reason, message: 'Refused' } },
  });

/** The page's one calm sentence for each refusal, in English. */
const REFUSAL_TEXTS: Record<InvitationRefusal, string> = {
  invitation_used: 'You have already answered this survey. Thank you!',
  invitation_expired: "This survey link has expired. We'll ask again after a future visit.",
  not_found: "We can't find this survey. Please use the link from your latest text.",
};

/** One UI gesture per machine event: a new event does not compile until it has one. */
const gestures: Gestures<SurveyPathEvent> = {
  'score.chosen': ({ page }, event) =>
    page
      .getByRole('group', { name: SURVEY_QUESTION_TEXTS[event.question] })
      .getByRole('radio', { name: String(event.score), exact: true })
      .check(),
  'comments.changed': ({ page }, event) =>
    page.getByLabel('Is there anything else we should know?').fill(event.comments),
  'user.submit': ({ page }) => page.getByRole('button', { name: 'Submit' }).click(),
  'xstate.done.actor.submitSurvey': async ({ held }) => (await held.next('survey')).continue(),
  'xstate.error.actor.submitSurvey': async ({ held }) => (await held.next('survey')).abort('internetdisconnected'),
  'xstate.done.actor.lookUpInvitation': async ({ page }, { output }) => {
    const route = await heldInvitation(page).next('lookup');
    await (output.kind === 'found' ? route.fulfill({ json: output.invitation }) : refuse(route, output.reason));
  },
  'xstate.error.actor.lookUpInvitation': async ({ page }) =>
    (await heldInvitation(page).next('lookup')).abort('internetdisconnected'),
  'user.retry': ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
  'xstate.done.actor.submitInvitationAnswer': async ({ page }, { output }) => {
    const route = await heldInvitation(page).next('answer');
    await (output.kind === 'stored'
      ? route.fulfill({ status: 201, json: { id: 'survey-invited', reviewUrl: null } })
      : refuse(route, output.reason));
  },
  'xstate.error.actor.submitInvitationAnswer': async ({ page }) =>
    (await heldInvitation(page).next('answer')).abort('internetdisconnected'),
};

const screens: Screens<Snapshot> = {
  noCustomer: async (page) => {
    await expect(page.getByRole('alert')).toContainText("We can't tell whose survey this is.");
    await expect(page.getByRole('form', { name: 'Survey' })).toHaveCount(0);
    // A dead end no other path reaches: its one accessibility check.
    await expectNoSeriousViolations(page);
  },
  filling: async (page, snapshot) => {
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A failed submit says nothing: the answers stay, and Submit is there to press again.
    await expect(page.getByRole('alert')).toHaveCount(0);
    const { survey } = snapshot.context;
    await expect(page.getByLabel('Is there anything else we should know?')).toHaveValue(survey.comments);
    const wash = page.getByRole('group', { name: SURVEY_QUESTION_TEXTS.washQualityScore });
    await expect(wash.getByRole('radio', { checked: true })).toHaveCount(survey.washQualityScore > 0 ? 1 : 0);
  },
  submitting: async (page) => {
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
  submittingAnswer: async (page) => {
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
  checkingInvitation: async (page) => {
    await expect(page.getByRole('heading', { name: 'Tell us about your visit' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading...');
    await expect(page.getByRole('form', { name: 'Survey' })).toHaveCount(0);
  },
  lookupFailed: async (page) => {
    await expect(page.getByRole('alert')).toContainText("We couldn't connect.");
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(page.getByRole('form', { name: 'Survey' })).toHaveCount(0);
  },
  invitationRefused: async (page, snapshot) => {
    await expect(page.getByRole('status')).toHaveText(REFUSAL_TEXTS[snapshot.context.refusal!]);
    await expect(page.getByRole('heading', { name: 'Tell us about your visit' })).toBeFocused();
    await expect(page.getByRole('form', { name: 'Survey' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
  thanked: async (page) => {
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
  },
};

/** The session's stored customer id, as the survey page left it. */
const storedCustomerId = (page: Page) =>
  page.evaluate(() => {
    const stored = sessionStorage.getItem('club-profile:completion');
    return stored ? (JSON.parse(stored) as { customerId: string | null }).customerId : null;
  });

for (const path of coveringPaths(surveyModel, transitionPaths(surveyModel))) {
  const steps = path.steps.slice(1);
  test(`${path.input}: ${steps.map((step) => describeSurveyEvent(step.event)).join(' → ') || 'opens'}`, async ({
    page,
    request,
  }) => {
    const held = new HeldRequests();
    await held.install(page);
    const invitation = new HeldInvitationRequests();
    await invitation.install(page);
    invitationRequests.set(page, invitation);
    // Real customers stand in for the model's ids, so a stored survey has someone to belong to.
    const { sessionCustomerId, linkCustomerId, invitationCode } = surveyModel.inputs[path.input]!;
    const realIds = new Map<string, string>();
    for (const id of [sessionCustomerId, linkCustomerId]) {
      if (id) realIds.set(id, (await completedCode(request)).customer.id);
    }
    const real = (id: string | null) => (id ? realIds.get(id)! : null);
    if (sessionCustomerId) {
      await page.addInitScript((customerId) => {
        sessionStorage.setItem('club-profile:completion', JSON.stringify({ membership: null, customerId }));
      }, real(sessionCustomerId));
    }
    const query = new URLSearchParams();
    if (invitationCode) query.set('invite', invitationCode);
    if (linkCustomerId) query.set('cid', real(linkCustomerId)!);
    await page.goto(query.size > 0 ? `/survey?${query}` : '/survey');
    await walkPath(path, { page, held }, gestures, screens);
    // docs/spec.md §2: the session keeps its customer; a link's id is kept only when it had none. An invitation's link
    // is neither's, and changes nothing of the session (decision 053).
    const kept = real(sessionCustomerId ?? linkCustomerId);
    expect(await storedCustomerId(page)).toBe(kept);
    // The answers are stored for that customer, and for no one else: a later link's cid gets nothing.
    const stored = steps.some((step) => step.event.type === 'xstate.done.actor.submitSurvey') ? 1 : 0;
    for (const [, id] of realIds) expect(await storedSurveys(request, id)).toHaveLength(id === kept ? stored : 0);
  });
}
