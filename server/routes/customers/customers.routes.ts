import { Hono } from 'hono';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { customerSchema, type CustomerSubmission } from '../../../src/domain/customer';
import { toE164 } from '../../../src/domain/phone';
import { MANUAL_REGISTRATION_ID } from '../../../src/domain/registration';
import { validate } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { customers, registrations } from '../../db/schema';
import { ApiError, validationFailed } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { idempotentRequest, writeOnce, type Tx } from '../../lib/idempotency';
import type { Throttles } from '../../limits/throttles';
import { readJson } from '../../lib/read-json';
import { newId } from '../../lib/tokens';
import { toCustomer } from './customer-record';

const unavailable = () =>
  new ApiError(409, 'registration_unavailable', 'This registration code is invalid or has already been used.');

/** Closes the registration the customer came with, or opens and closes a manual one; answers its id and number. */
async function claimRegistration(
  tx: Tx,
  input: CustomerSubmission,
  now: Date,
): Promise<{ id: string; mobileNumber: string }> {
  if (input.registrationId === MANUAL_REGISTRATION_ID) {
    const mobileNumber = toE164(input.mobileNumber ?? '');
    if (!mobileNumber) throw validationFailed({ mobileNumber: 'Enter a valid mobile number' });
    const id = newId();
    await tx.insert(registrations).values({
      id,
      mobileNumber,
      saleDate: now,
      sourceSystem: 'manual',
      isManual: true,
      isCompleted: true,
      completedAt: now,
    });
    return { id, mobileNumber };
  }
  // One conditional update decides the race: concurrent submits on one code queue on its row and only the
  // first still finds it open.
  const [claimed] = await tx
    .update(registrations)
    .set({ isCompleted: true, completedAt: now })
    .where(
      and(
        eq(registrations.id, input.registrationId),
        eq(registrations.isCompleted, false),
        eq(registrations.isManual, false),
        or(isNull(registrations.expiresAt), gt(registrations.expiresAt, now)),
      ),
    )
    .returning({ id: registrations.id, mobileNumber: registrations.mobileNumber });
  if (!claimed) throw unavailable();
  return claimed;
}

/** `POST /api/customers`: the profile, validated by the form's own schema, stored with its registration closed. */
export function customerRoutes(deps: { db: Db; throttles: Throttles; trustProxyHops: number }): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const { body, text } = await readJson(c);
    const result = validate(customerSchema, body);
    if (!result.ok) throw validationFailed(result.errors);
    const input = result.value;
    // A sign-up without a code proves nothing about its number: each client gets a few an hour.
    if (input.registrationId === MANUAL_REGISTRATION_ID) {
      await deps.throttles.manualSignups.take(c, clientLimitKey(c, deps.trustProxyHops));
    }

    const answer = await writeOnce(
      deps.db,
      idempotentRequest(c, 'POST /api/customers', text),
      async (tx) => {
        const now = new Date();
        const registration = await claimRegistration(tx, input, now);
        const id = newId();
        const [row] = await tx
          .insert(customers)
          .values({
            id,
            registrationId: registration.id,
            mobileNumber: registration.mobileNumber,
            firstName: input.firstName,
            lastName: input.lastName,
            address: input.address,
            address2: input.address2,
            city: input.city,
            region: input.region,
            postalCode: input.postalCode,
            email: input.email,
            vehicleYear: input.vehicleYear,
            vehicleMake: input.vehicleMake,
            vehicleModel: input.vehicleModel,
            vehicleColor: input.vehicleColor,
            isSubscribedToNewsletters: input.isSubscribedToNewsletters,
            newsletterConsentAt: input.isSubscribedToNewsletters ? now : null,
            isSubscribedToSmsMessaging: input.isSubscribedToSmsMessaging,
            smsConsentAt: input.isSubscribedToSmsMessaging ? now : null,
            consentVersion: input.consentVersion,
            isAgreedToTerms: input.isAgreedToTerms,
            termsAgreedAt: now,
          })
          .returning();
        await tx.update(registrations).set({ customerId: id }).where(eq(registrations.id, registration.id));
        return { status: 201, resourceId: id, body: toCustomer(row!) };
      },
      async (tx, id) => {
        const [row] = await tx.select().from(customers).where(eq(customers.id, id));
        return row && toCustomer(row);
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status);
  });

  return app;
}
