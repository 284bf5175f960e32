import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startFakeTwilio } from '../server/features/integrations/support/fake-twilio';
import { startWebhookReceiver } from '../server/features/integrations/support/webhook-receiver';
import { issueCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addStaffMember, ownSite, signIn } from './support/console';

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
});
