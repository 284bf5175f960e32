import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** The catalogue's English texts whose Spanish is different (a state named the same in both is not English only). */
function englishOnlyTexts(): string[] {
  const po = readFileSync('src/i18n/locales/es.po', 'utf8');
  const texts: string[] = [];
  for (const [, id, translation] of po.matchAll(/msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)) {
    // Only the words a sentence is made of: placeholders and the tags around a link's text are not on screen.
    const words = id!.replace(/\\"/g, '"').split(/\{[^}]*\}|<\/?\d+>/);
    if (translation !== id) texts.push(...words.map((part) => part.trim()).filter((part) => part.length >= 6));
  }
  return texts;
}

const ENGLISH = englishOnlyTexts();

/** What a Spanish reader sees now, dialogs included, holds none of the journey's English texts. */
export async function expectNoEnglishOnScreen(page: Page) {
  const text = await page.locator('body').innerText();
  expect(ENGLISH.filter((english) => text.includes(english))).toEqual([]);
}
