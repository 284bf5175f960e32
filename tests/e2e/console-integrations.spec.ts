import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startFakeTwilio } from '../server/features/integrations/support/fake-twilio';
import { startWebhookReceiver } from '../server/features/integrations/support/webhook-receiver';
import { fictionalMobile, issueCode, memberProfile, submitCustomer } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';
import { optedOutMobile, textFrom } from './support/twilio';

const headersOf = (headers: Record<string, string | string[] | undefined>) => headers as Record<string, string>;

test('an owner adds a webhook endpoint, copies its secret once, and sees a test event delivered', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const owner = await addStaffMember(request, 'owner');
    await signIn(page, owner);
    await page.getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    // WEBHOOK_URL's endpoint is listed, and cannot be changed here.
    await expect(page.getByText('set by WEBHOOK_URL', { exact: false })).toBeVisible();

    await page.getByLabel('Endpoint URL').fill('pos.example.com');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Endpoint URL')).toBeFocused();

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Front desk POS');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText('shown this once')).toBeVisible();
    await expectNoSeriousViolations(page);

    const endpoint = page.getByRole('row').filter({ hasText: 'Front desk POS' });
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    // The endpoint hears every event: a profile another test completes meanwhile may reach it too.
    const isTest = (body: string) => body.includes('"webhook.test"');
    await receiver.waitFor((all) => all.some((r) => isTest(r.body)));
    const delivery = receiver.received.find((r) => isTest(r.body))!;
    expect(new Webhook(secret).verify(delivery.body, headersOf(delivery.headers))).toMatchObject({
      type: 'webhook.test',
    });
    const testDelivery = page
      .getByRole('table', { name: 'Last deliveries' })
      .getByRole('row')
      .filter({ hasText: 'webhook.test' });
    await expect(testDelivery.getByText('HTTP 200')).toBeVisible({ timeout: 10_000 });
    await expect(testDelivery.getByText('delivered', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousViolations(page);
  } finally {
    await receiver.close();
  }
});

test('a manager sees no Integrations page', async ({ page, request }) => {
  const manager = await addStaffMember(request, 'manager', ['7']);
  await signIn(page, manager);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations' })).toHaveCount(0);
});

test.describe.serial('with the server’s own WEBHOOK_URL and SMS provider', () => {
  test('completing a profile in the browser delivers a signed registration.completed to WEBHOOK_URL', async ({
    page,
    request,
  }) => {
    const receiver = await startWebhookReceiver(Number(process.env.E2E_RECEIVER_PORT));
    try {
      const issued = await issueCode(request);
      await page.goto(issued.url);
      const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
      await field('First Name').fill('Noor');
      await field('Last Name').fill('Haddad');
      await field('Address').fill('8 Quay Street');
      await field('City').fill('Springfield');
      await field('State').selectOption('IL');
      await field('Zip Code').fill('62704');
      await field('Email').fill('noor.haddad@example.com');
      await field('Vehicle Year').selectOption('2021');
      await field('Vehicle Make').selectOption('Toyota');
      await field('Vehicle Model').selectOption('RAV4');
      await field('Vehicle Color').selectOption('Blue');
      await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/thank-you$/);

      const isOurs = (body: string) =>
        body.includes('"registration.completed"') && body.includes(issued.registration.id);
      await receiver.waitFor((all) => all.some((r) => isOurs(r.body)), 30_000);
      const delivery = receiver.received.find((r) => isOurs(r.body))!;
      const event = new Webhook(process.env.E2E_WEBHOOK_SECRET!).verify(delivery.body, headersOf(delivery.headers)) as {
        data: { customer: { email: string }; vehicle: { make: string } };
      };
      expect(event.data.customer.email).toBe('noor.haddad@example.com');
      expect(event.data.vehicle.make).toBe('Toyota');
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
    } finally {
      await receiver.close();
    }
  });

  test('a cashier texts the link, and the provider receives it in Twilio’s format', async ({ page, request }) => {
    const twilio = await startFakeTwilio(Number(process.env.E2E_TWILIO_PORT));
    try {
      const cashier = await addStaffMember(request, 'manager', [ownSite()]);
      await signIn(page, cashier, '/admin/issue');
      // A first, empty submit shows the messages, so the phone's own is seen to go once it has read the number.
      await page.getByRole('button', { name: 'Issue code' }).click();
      await page.getByLabel('Mobile number').fill('2015550188');
      await page.getByLabel('Plan name').fill('Unlimited Wash Club');
      await page.getByLabel('Amount ($)').fill('29.99');
      await page.getByRole('checkbox', { name: 'Text the link to this number' }).click();
      await expect(page.getByText('Enter a valid mobile number')).toHaveCount(0);
      await page.getByRole('button', { name: 'Issue code' }).click();
      await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
      const link = (await page.getByTestId('issued-link').textContent())!.trim();
      await expect(page.getByTestId('text-status')).toHaveText(/Text message sent/, { timeout: 20_000 });

      const sent = twilio.requests.find((r) => new URLSearchParams(r.body).get('Body')?.includes(link));
      expect(sent).toBeDefined();
      expect(sent!.path).toBe(`/2010-04-01/Accounts/${process.env.E2E_TWILIO_SID}/Messages.json`);
      expect(sent!.headers.authorization).toBe(
        `Basic ${Buffer.from(`${process.env.E2E_TWILIO_SID}:e2e-twilio-token`).toString('base64')}`,
      );
      const form = new URLSearchParams(sent!.body);
      expect(form.get('To')).toBe('+12015550188');
      expect(form.get('From')).toBe('+15005550006');
      expect(form.get('Body')).toMatch(/Reply STOP to opt out\.$/);
      await expectNoSeriousViolations(page);
    } finally {
      await twilio.close();
    }
  });

  test('a visit at the till brings a survey text; the member answers in Spanish, a case opens, the reminder is called off, the trend moves', async ({
    page,
    request,
  }) => {
    const twilio = await startFakeTwilio(Number(process.env.E2E_TWILIO_PORT));
    try {
      const site = ownSite();
      const siteName = `Lakeside ${site}`;
      await addSite(request, site, siteName);
      // The owner turns feedback after visits on for the site, at once after a visit (decision 053).
      await signIn(page, await addStaffMember(request, 'owner'), '/admin/sites');
      const entry = page.getByRole('list', { name: 'Sites' }).getByRole('listitem').filter({ hasText: siteName });
      await entry.getByRole('button', { name: `Change ${siteName}` }).click();
      const form = page.getByRole('form', { name: `Change ${siteName} (point-of-sale id ${site})` });
      await form.getByRole('checkbox', { name: 'Ask for feedback after a visit' }).click();
      await form.getByLabel('Minutes after the visit (0 = right away)').fill('0');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(entry).toContainText('Feedback asked right after a visit');

      // Three members of the site: Lucía filled her profile in Spanish, Omar in English, and Kai's number texted STOP.
      const member = async (firstName: string, mobileNumber: string, language: 'en' | 'es') => {
        const issued = await issueCode(request, { mobileNumber, siteId: site });
        const customer = await submitCustomer(request, {
          ...memberProfile,
          firstName,
          registrationId: issued.registration.id,
          isAgreedToTerms: true,
          language,
        });
        return { mobileNumber, customer };
      };
      const kai = await member('Kai', optedOutMobile('213'), 'en');
      await textFrom(request, kai.mobileNumber, 'STOP');
      const lucia = await member('Lucía', fictionalMobile(), 'es');
      const omar = await member('Omar', fictionalMobile(), 'en');

      // The till reports each wash with its own key; Kai's first, so his would have been decided before the others.
      for (const { mobileNumber } of [kai, lucia, omar]) {
        const visit = await request.post('/api/visits', {
          headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` },
          data: { siteId: site, mobileNumber, externalId: `wash-${mobileNumber}`, package: 'Ultimate' },
        });
        expect(visit.status()).toBe(201);
      }
      const invitationTo = (mobileNumber: string) =>
        twilio.requests
          .map((r) => new URLSearchParams(r.body))
          .find((form) => form.get('To') === mobileNumber && form.get('Body')?.includes('/survey?invite='));
      await expect
        .poll(() => invitationTo(lucia.mobileNumber) && invitationTo(omar.mobileNumber), {
          timeout: 30_000,
        })
        .toBeTruthy();
      expect(invitationTo(kai.mobileNumber)).toBeUndefined();
      const text = invitationTo(lucia.mobileNumber)!.get('Body')!;
      // Named for the operator and the site, in her language, with the opt-out line.
      expect(text).toContain(siteName);
      expect(text).toMatch(/¡gracias por su visita!.+Responda PARAR para no recibir más mensajes\.$/);
      const link = /(https?:\/\/\S+\/survey\?invite=\S+)/.exec(text)![1]!;

      // Lucía opens the link on her phone: the survey in Spanish; she answers as a detractor.
      const phone = await page
        .context()
        .browser()!
        .newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
      await phone.goto(link);
      await expect(phone.getByRole('heading', { name: 'Cuéntenos sobre su visita' })).toBeVisible();
      await phone.getByRole('group').first().getByRole('radio', { name: '3', exact: true }).check();
      await phone.getByRole('textbox').fill('El secador no funcionaba.');
      await phone.getByRole('button', { name: 'Enviar' }).click();
      await expect(phone.getByRole('dialog', { name: '¡Gracias!' })).toBeVisible();
      await expectNoSeriousViolations(phone);
      // The link answers once.
      await phone.goto(link);
      await expect(phone.getByText('Ya respondió esta encuesta. ¡Gracias!')).toBeVisible();
      await phone.close();

      // Her page: a case opened, her survey reminder called off; Omar's reminder still waits for him.
      await page.goto(`/admin/members/${lucia.customer.id}`);
      const luciaTexts = page.getByRole('list', { name: 'Texts sent, newest first' }).getByRole('listitem');
      await expect(luciaTexts.filter({ hasText: 'Reminder: survey' })).toContainText(
        'Not sent: the survey was answered first',
      );
      await expect(luciaTexts.filter({ hasText: 'Survey invitation' })).toContainText('Sent');
      await expect(page.getByRole('region', { name: 'Answers over time' }).getByTestId('latest-score')).toContainText(
        'Latest score: 3 (detractor)',
      );
      await page.goto(`/admin/members/${omar.customer.id}`);
      await expect(
        page
          .getByRole('list', { name: 'Texts sent, newest first' })
          .getByRole('listitem')
          .filter({ hasText: 'Reminder: survey' }),
      ).toContainText(/Due .+, if still needed then/);
      await page.goto('/admin/follow-ups');
      await expect(page.getByRole('link', { name: /Lucía Alvarez/ }).first()).toBeVisible();

      // The dashboard, for the site: two invitations sent, one opened and answered, this week's NPS after a visit.
      await page.goto('/admin');
      await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: siteName });
      const bySite = page
        .getByRole('region', { name: 'Invitations by site' })
        .getByRole('row')
        .filter({ hasText: siteName });
      await expect(bySite.getByRole('cell')).toHaveText([siteName, 'Yes', '2', '2', '1', '1', '50%', '50%']);
      const thisWeek = page.getByRole('region', { name: 'NPS by week' }).getByRole('row').filter({ hasText: '0 / 1' });
      await expect(thisWeek.getByRole('cell')).toHaveText([/^\d{4}-\d\d-\d\d$/, '-100', '—', '-100', '0 / 1']);
      await expectNoSeriousViolations(page);
    } finally {
      await twilio.close();
    }
  });
});
