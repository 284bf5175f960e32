import { and, desc, eq, inArray } from 'drizzle-orm';
import { followUpDueAt } from '../../../src/domain/follow-ups';
import type { SmsKeyword } from '../../../src/domain/sms-keywords';
import type { Tx } from '../../platform/db/client';
import { customers, followUpCases, registrations } from '../../platform/db/schema';
import { followUpData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { newId } from '../../platform/values/tokens';
import { queueAlert } from './alerts/send-alert';
import { addTimelineEntry, SYSTEM } from './timeline';

/**
 * Whether a text asks for a person (decision 045): anything but a keyword alone. A keyword within a message ("please
 * stop texting me offers though") is acted on as decision 040 says, and is someone's words besides. STOP, START or
 * HELP alone is answered by the rules of texting, and opens nothing.
 */
export const asksForAPerson = (keyword: Pick<SmsKeyword, 'within'> | null): boolean => !keyword || keyword.within;

/**
 * A text a member sent us, in the transaction that keeps it: added to the member's case still in hand (open or
 * contacted, the newest), or opening one at the site of their registration, due `hours` later, with its alert, as a
 * detractor's survey opens one. The member is the newest profile with the number; a number no member has opens
 * nothing (the text stays kept, as every text is).
 */
export async function followUpText(
  tx: Tx,
  text: { id: string; from: string; receivedAt: Date },
  hours: number,
): Promise<{ caseId: string; opened: boolean } | null> {
  const [member] = await tx
    .select({ id: customers.id, siteId: registrations.siteId })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(eq(customers.mobileNumber, text.from))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(1);
  if (!member) return null;
  const entry = { kind: 'text_received' as const, actor: SYSTEM, at: text.receivedAt, inboundMessageId: text.id };
  const [inHand] = await tx
    .select({ id: followUpCases.id })
    .from(followUpCases)
    .where(and(eq(followUpCases.customerId, member.id), inArray(followUpCases.status, ['open', 'contacted'])))
    .orderBy(desc(followUpCases.openedAt), desc(followUpCases.id))
    .limit(1)
    .for('update');
  if (inHand) {
    await addTimelineEntry(tx, { ...entry, caseId: inHand.id, text: 'The member texted us.' });
    return { caseId: inHand.id, opened: false };
  }
  const [row] = await tx
    .insert(followUpCases)
    .values({
      id: newId(),
      surveyId: null,
      customerId: member.id,
      siteId: member.siteId,
      status: 'open',
      openedAt: text.receivedAt,
      dueAt: followUpDueAt(text.receivedAt, hours),
    })
    .returning();
  await addTimelineEntry(tx, { ...entry, caseId: row!.id, text: 'Opened by a text the member sent us.' });
  await recordEvent(tx, 'follow_up.opened', followUpData(row!), text.receivedAt);
  await queueAlert(tx, row!.id, 'opened', text.receivedAt);
  return { caseId: row!.id, opened: true };
}
