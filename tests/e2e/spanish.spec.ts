import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { issueCode, operatorHeaders } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { expectNoEnglishOnScreen } from './support/english-on-screen';
import { field } from './support/profile-form';

// Issue 14: a browser set to Spanish (US) gets the whole customer journey in Spanish.
test.use({ locale: 'es-US' });

async function fillProfile(page: Page, email: string) {
  await field(page, 'Nombre').fill('Rosa');
  await field(page, 'Apellido').fill('Álvarez');
  await field(page, 'Dirección').fill('48 Orchard Street');
  await field(page, 'Ciudad').fill('Madison');
  await field(page, 'Estado').selectOption('WI');
  await field(page, 'Código postal').fill('53703');
  await field(page, 'Correo electrónico').fill(email);
  await field(page, 'Año del vehículo').selectOption('2018');
  await field(page, 'Marca del vehículo').selectOption('Honda');
  await field(page, 'Modelo del vehículo').selectOption('CR-V');
  await field(page, 'Color del vehículo').selectOption('Silver');
  await expect(field(page, 'Color del vehículo').locator('option:checked')).toHaveText('Plateado');
  await field(page, 'Placa').fill('wi-48 21');
  await field(page, 'Estado de la placa').selectOption('WI');
}

/** What the operator holds about a member, through the owners' data-export endpoint. */
async function exported(request: APIRequestContext, email: string) {
  const response = await request.post('/api/admin/member-data/export', { headers: operatorHeaders(), data: { email } });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    customers: {
      licensePlate: string;
      licensePlateState: string;
      vehicleColor: string;
      consent: { language: string };
    }[];
  };
}

test('a Spanish reader completes the profile, reads the renewal day and answers the survey, all in Spanish', async ({
  page,
  request,
}) => {
  // The whole journey, with axe on each of its seven screens.
  test.setTimeout(120_000);
  const issued = await issueCode(request, { planName: 'Unlimited Wash Club', rechargeDate: '2026-12-01' });
  await page.goto(issued.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Perfil del club de membresía');
  await expect(page.getByRole('heading', { name: '¡Le damos la bienvenida al club!' })).toBeVisible();
  for (const section of ['Información del cliente', 'Información del vehículo', 'Acuerdos']) {
    await expect(page.getByRole('group', { name: section })).toBeVisible();
  }
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);

  // The empty form's messages, each under its field, in Spanish.
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(field(page, 'Nombre')).toBeFocused();
  for (const [label, message] of [
    ['Nombre', 'El nombre es obligatorio'],
    ['Código postal', 'El código postal es obligatorio'],
    ['Correo electrónico', 'El correo electrónico es obligatorio'],
    ['Color del vehículo', 'El color del vehículo es obligatorio'],
  ] as const) {
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(page.getByText('Debe aceptar los términos y condiciones.')).toBeVisible();
  await field(page, 'Código postal').fill('5370');
  await expect(field(page, 'Código postal')).toHaveAccessibleDescription(
    'Escriba un código postal de 5 dígitos (o ZIP+4)',
  );
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);

  const email = `rosa.${Date.now()}@example.com`;
  await fillProfile(page, email);
  await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).click();
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page).toHaveTitle('Perfil del club de membresía completo');
  // Each new page starts at its top, its heading focused, however far down the last one was.
  const thanksHeading = page.getByRole('heading', { name: '¡Gracias por completar su perfil del club de membresía!' });
  await expect(thanksHeading).toBeFocused();
  await expect(thanksHeading).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Su plan Unlimited Wash Club se renovará el primer día de cada mes.')).toBeVisible();
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Denos su opinión' }).click();
  await expect(page).toHaveTitle('Encuesta del club de membresía');
  await expect(page.getByRole('heading', { name: 'Cuéntenos sobre su visita' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Cuéntenos sobre su visita' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('group', { name: /¿Qué tan probable es que nos recomiende/ })).toBeVisible();
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);
  await page
    .getByRole('group', { name: /¿Qué tan probable es que nos recomiende/ })
    .getByRole('radio', { name: '9', exact: true })
    .check();
  await page.getByLabel('¿Hay algo más que debamos saber?').fill('Todo excelente');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const thanks = page.getByRole('dialog', { name: '¡Gracias!' });
  await expect(thanks).toContainText('Agradecemos su opinión y esperamos verle pronto.');
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);

  // The record keeps the language the consent wording was read in, the plate as the gates read it, and the
  // colour by its English value.
  const [customer] = (await exported(request, email)).customers;
  expect(customer).toMatchObject({
    licensePlate: 'WI4821',
    licensePlateState: 'WI',
    vehicleColor: 'Silver',
    consent: { language: 'es' },
  });
});

test('the phone dialog and the invalid-code dialog speak Spanish', async ({ page }) => {
  await page.goto('/');
  const phone = page.getByRole('dialog', { name: 'Escriba su número de teléfono' });
  await expect(phone).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Aceptar' })).toBeDisabled();
  await expect(phone.getByLabel('Número de celular')).toBeVisible();
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);

  await page.goto('/?id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const invalid = page.getByRole('dialog', { name: 'Código de registro no válido' });
  await expect(invalid).toContainText('Su código de registro no es válido o es posible que ya se haya usado.');
  await expect(invalid.getByRole('link', { name: 'Contactar a soporte' })).toHaveAttribute('target', '_blank');
  await expect(invalid.getByRole('button')).toHaveCount(0);
  await expectNoEnglishOnScreen(page);
  await expectNoSeriousViolations(page);
});

test('switching language mid-form keeps what was typed, and the choice holds for the visit', async ({
  page,
  request,
}) => {
  await page.goto((await issueCode(request)).url);
  await field(page, 'Nombre').fill('Rosa');
  await field(page, 'Estado').selectOption('NY');
  await expect(field(page, 'Estado').locator('option:checked')).toHaveText('Nueva York');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(field(page, 'First Name')).toHaveValue('Rosa');
  await expect(field(page, 'State')).toHaveValue('NY');
  await expect(field(page, 'State').locator('option:checked')).toHaveText('New York');
  await expect(page.getByRole('heading', { name: 'Welcome to the club!' })).toBeVisible();

  // A reload, even for this Spanish browser, stays in the language chosen, from the server's first render on.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Español' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Rosa');

  await page.getByRole('link', { name: 'Español' }).click();
  await expect(field(page, 'Nombre')).toHaveValue('Rosa');
  await expect(field(page, 'Estado').locator('option:checked')).toHaveText('Nueva York');
});
