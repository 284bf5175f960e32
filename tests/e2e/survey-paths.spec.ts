import { expect, test, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { surveyMachine } from '../../machines/survey/survey.machine';
import { SURVEY_QUESTION_TEXTS } from '../../src/domain/survey';
import { coveringPaths, transitionPaths } from '../support/graph-paths';
import { describeSurveyEvent, surveyModel, type SurveyPathEvent } from '../support/survey.paths';
import { completedCode, storedSurveys } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { HeldRequests } from './support/held-requests';
import { walkPath, type Gestures, type Screens } from './support/walk-path';

type Snapshot = SnapshotFrom<typeof surveyMachine>;

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
    // Real customers stand in for the model's ids, so a stored survey has someone to belong to.
    const { sessionCustomerId, linkCustomerId } = surveyModel.inputs[path.input]!;
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
    await page.goto(linkCustomerId ? `/survey?cid=${real(linkCustomerId)}` : '/survey');
    await walkPath(path, { page, held }, gestures, screens);
    // docs/spec.md §2: the session keeps its customer; a link's id is kept only when it had none.
    const kept = real(sessionCustomerId ?? linkCustomerId);
    expect(await storedCustomerId(page)).toBe(kept);
    // The answers are stored for that customer, and for no one else: a later link's cid gets nothing.
    const stored = steps.some((step) => step.event.type === 'xstate.done.actor.submitSurvey') ? 1 : 0;
    for (const [, id] of realIds) expect(await storedSurveys(request, id)).toHaveLength(id === kept ? stored : 0);
  });
}
