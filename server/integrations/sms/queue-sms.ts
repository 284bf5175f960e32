import { desc, eq } from 'drizzle-orm';
import type { SmsStatus } from '../../../src/domain/webhooks';
import type { Db, Tx } from '../../db/client';
import { smsMessages } from '../../db/schema';
import { enqueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { newId } from '../../lib/tokens';

type SmsRow = typeof smsMessages.$inferSelect;

export const toSmsStatus = (row: SmsRow): SmsStatus => ({
  status: row.status as SmsStatus['status'],
  errorCode: row.errorCode,
  attempts: row.attempts,
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** Queues the text that carries a registration's link, in the transaction that issues it. */
export async function queueRegistrationSms(tx: Tx, registrationId: string, token: string): Promise<SmsStatus> {
  const [row] = await tx.insert(smsMessages).values({ id: newId(), registrationId, linkToken: token }).returning();
  await enqueue(tx, QUEUES.smsDelivery, { messageId: row!.id });
  return toSmsStatus(row!);
}

/** The latest text sent for a registration, if any. */
export async function findRegistrationSms(db: Db, registrationId: string): Promise<SmsStatus | null> {
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.registrationId, registrationId))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  return row ? toSmsStatus(row) : null;
}
