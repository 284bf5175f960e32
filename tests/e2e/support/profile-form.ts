import type { Page } from '@playwright/test';

/** A form field by its visible label; required labels end in the red asterisk. */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

/** The profile of docs/spec.md §3 filled in, without the optional fields and the terms box. */
export async function fillCustomer(page: Page) {
  await field(page, 'First Name').fill('Dana');
  await field(page, 'Last Name').fill('Whitfield');
  await field(page, 'Address').fill('12 Harbor Lane');
  await field(page, 'City').fill('Springfield');
  await field(page, 'State').selectOption('IL');
  await field(page, 'Zip Code').fill('62704');
  await field(page, 'Email').fill('dana@example.com');
  await field(page, 'Vehicle Year').selectOption('2019');
  await field(page, 'Vehicle Make').selectOption('Toyota');
  await field(page, 'Vehicle Model').selectOption('RAV4');
  await field(page, 'Vehicle Color').selectOption('Blue');
}
