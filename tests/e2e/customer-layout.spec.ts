import { expect, test, type Locator, type Page } from '@playwright/test';
import { SURVEY_QUESTION_TEXTS } from '../../src/domain/survey';
import { completedCode, issueCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { field } from './support/profile-form';

/** Issue 14: what a customer on a phone met on the survey, the phone dialog and the profile form. */

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const desktop = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** The rows the ten answers of one question make on screen, each as its count of answers. */
async function answerRows(question: Locator): Promise<number[]> {
  const answers = question.locator('label');
  await expect(answers).toHaveCount(10);
  const rows = new Map<number, number>();
  for (const answer of await answers.all()) {
    const { y, width, height } = await box(answer);
    expect(width, 'an answer is at least 44 px wide').toBeGreaterThanOrEqual(44);
    expect(height, 'an answer is at least 44 px high').toBeGreaterThanOrEqual(44);
    const top = Math.round(y);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  return [...rows.values()];
}

const surveyQuestion = (page: Page, text: string) => page.getByRole('group', { name: text });

/** Each question's ten answers in one row or two rows of five, at least 44 px each, titles inside their cards. */
async function expectSurveyLayout(page: Page, viewport: { width: number }) {
  await expect(page.getByRole('form', { name: 'Survey' })).toBeVisible();
  for (const text of Object.values(SURVEY_QUESTION_TEXTS)) {
    const question = surveyQuestion(page, text);
    expect([[10], [5, 5]], `the answers of "${text}"`).toContainEqual(await answerRows(question));

    const card = await box(question);
    const title = await box(question.locator('legend'));
    // A title drawn on the card's border starts the card's box: inside means below that top, with room between.
    expect(title.y, `"${text}" starts inside its card`).toBeGreaterThanOrEqual(card.y + 4);
    expect(title.y + title.height).toBeLessThan(card.y + card.height);
    expect(title.x).toBeGreaterThan(card.x);
    expect(title.x + title.width).toBeLessThan(card.x + card.width);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
}

test.describe('the survey', () => {
  // At the phones' widths; survey.spec.ts checks the survey's accessibility at 390 px.
  for (const viewport of phones) {
    test(`at ${viewport.width} px, shows each question's ten answers in one row or two rows of five, titles inside their cards`, async ({
      page,
      request,
    }) => {
      const { customer } = await completedCode(request);
      await page.setViewportSize(viewport);
      await page.goto(`/survey?cid=${customer.id}`);
      await expectSurveyLayout(page, viewport);
    });
  }

  test('at 1280 px, puts the ten answers in one row, titles inside their cards, the scale legend just above them', async ({
    page,
    request,
  }) => {
    const { customer } = await completedCode(request);
    await page.setViewportSize(desktop);
    await page.goto(`/survey?cid=${customer.id}`);
    await expectSurveyLayout(page, desktop);
    // Where the card has room for them, the ten answers are one row.
    expect(await answerRows(surveyQuestion(page, SURVEY_QUESTION_TEXTS.recommendToOthersScore))).toEqual([10]);

    // The scale legend just above the answers, from the 1 to the 10, read with every question.
    const low = await box(page.getByText('1: Not Likely or Not Satisfied'));
    const high = await box(page.getByText('10: Extremely Likely or Extremely Satisfied'));
    const first = surveyQuestion(page, SURVEY_QUESTION_TEXTS.recommendToOthersScore);
    const one = await box(first.locator('label').first());
    const ten = await box(first.locator('label').last());
    const card = await box(first);

    expect(card.y - (low.y + low.height), 'the legend sits right above the first card').toBeLessThanOrEqual(16);
    expect(card.y).toBeGreaterThan(low.y + low.height - 1);
    expect(Math.abs(low.x - one.x), '"1:" starts over the 1').toBeLessThanOrEqual(2);
    expect(Math.abs(high.x + high.width - (ten.x + ten.width)), '"10:" ends over the 10').toBeLessThanOrEqual(2);

    for (const text of Object.values(SURVEY_QUESTION_TEXTS)) {
      await expect(surveyQuestion(page, text)).toHaveAccessibleDescription(
        '1: Not Likely or Not Satisfied 10: Extremely Likely or Extremely Satisfied',
      );
    }
    await expectNoSeriousViolations(page);
  });
});

test.describe('the phone dialog', () => {
  for (const viewport of phones) {
    test(`at ${viewport.width} × ${viewport.height}, keeps the country button and the number on one line`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Please enter your phone number' });
      const number = dialog.getByLabel('Mobile number');
      await number.pressSequentially('2015550143');
      await expect(number).toHaveValue('(201) 555-0143');

      const country = await box(dialog.getByRole('button', { name: /^Country: / }));
      const input = await box(number);
      expect(input.x, 'the number is beside the country button').toBeGreaterThanOrEqual(country.x + country.width);
      expect(Math.abs(input.y - country.y), 'on the same line').toBeLessThanOrEqual(1);
      expect(input.x + input.width).toBeLessThanOrEqual((await box(dialog)).x + (await box(dialog)).width);
      // The whole formatted number shows: the field does not scroll it sideways.
      expect(await number.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // The dialog with a number in it, OK enabled, is checked once (profile.spec.ts checks it empty).
      if (viewport.width === 390) await expectNoSeriousViolations(page);
    });
  }
});

test.describe('the profile form', () => {
  test('says what the asterisk means before its first field', async ({ page, request }) => {
    await page.goto((await issueCode(request)).url);
    const form = page.getByRole('form', { name: 'Membership profile' });
    const note = form.getByText('= Required field');
    await expect(note).toBeVisible();
    await expect(form.locator(':scope > *').first()).toHaveText('* = Required field');
    expect((await box(note)).y).toBeLessThan((await box(field(page, 'First Name'))).y);
    await expect(note.locator('span[aria-hidden="true"]')).toHaveCSS('color', 'rgb(192, 38, 45)');
  });

  test('keeps the model list disabled, showing "Please select...", until a make is chosen', async ({
    page,
    request,
  }) => {
    await page.goto((await issueCode(request)).url);
    // The page arrives with its form; a choice counts once the app has taken it over (Submit enables then).
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    const model = field(page, 'Vehicle Model');
    await expect(model).toBeDisabled();
    await expect(model.locator('option:checked')).toHaveText('Please select...');

    await field(page, 'Vehicle Make').selectOption('Toyota');
    await expect(model).toBeEnabled();
    await model.selectOption('RAV4');
    await expect(model).toHaveValue('RAV4');
  });
});

// A failed first lookup and a failed submit, and what each says, are walked with the profile chart
// (profile-paths.spec.ts: lookupFailed, form.submitFailed).
test.describe('the dead ends', () => {
  test('the invalid-code dialog says what to do next, links to support, draws no ring around itself, and nothing closes it', async ({
    page,
  }) => {
    await page.goto('/?id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const dialog = page.getByRole('dialog', { name: 'Invalid registration code' });
    await expect(dialog).toContainText('Your registration code is invalid or may have already been used.');
    await expect(dialog).toContainText('Ask at the wash for a new link, or contact us');
    // Open, the dialog itself has the focus, so it is read from its title, and shows no outline for it.
    await expect(dialog).toBeFocused();
    await expect(dialog).toHaveCSS('outline-style', 'none');
    const support = dialog.getByRole('link', { name: 'Contact support' });
    await expect(support).toHaveAttribute('href', 'https://brightwater-carwash.example/support');
    await expect(support).toHaveAttribute('target', '_blank');
    // Reachable by keyboard: Tab moves into the dialog's links, never behind it.
    for (let i = 0; i < 3 && !(await support.evaluate((link) => link === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(support).toBeFocused();
    await expectNoSeriousViolations(page);

    // No way out: no button, and neither Escape nor the backdrop closes it.
    await expect(dialog.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
  });
});
