import { sql, type SQL } from 'drizzle-orm';
import { outboxEvents } from '../../platform/db/schema';

/**
 * Outbox events whose body names one of these registrations or customers. Bodies are the JSON receivers get
 * (server/features/integrations/event-payloads.ts): `registration.issued` and `.completed` carry `data.registration.id`
 * (and `.customerId`), `.completed` also `data.customer.id`, `survey.submitted` `data.survey.customerId`, and
 * `follow_up.opened` and `.resolved` `data.followUp.memberId` (the customer id), `member.sms_opted_out` and
 * `.sms_opted_in` the customer ids in `data.smsOptOut.memberIds` (`smsOptIn`), `visit.recorded` the visit's id in
 * `data.visit.id` and the members who had its number in `data.visit.memberIds` (decision 052), `survey.invited`
 * `data.invitation.customerId` (decision 053). The outbox has no column naming its subject, so the bodies are read;
 * the table holds EVENT_RETENTION_DAYS of events.
 * `member.erased` lists its ids in other fields, so it is never one of these: the erasure that writes it must not
 * delete it, and it goes like any other event once its retention days have passed and its deliveries are settled.
 */
export function eventsAbout(ids: { registrationIds: string[]; customerIds: string[]; visitIds?: string[] }): SQL {
  // The paths are constants of ours, written into the text: a `text[]` parameter is typed differently by each driver.
  const at = (path: string) => sql`((${outboxEvents.body})::jsonb #>> '{${sql.raw(path)}}')`;
  const among = (path: string, values: string[]) =>
    values.length
      ? sql`${at(path)} in (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql`false`;
  // `member.sms_opted_out` and `.sms_opted_in` list every member with the number in `memberIds`.
  const listing = (path: string, values: string[]) =>
    values.length
      ? sql`(${sql.join(
          values.map(
            (value) =>
              sql`((${outboxEvents.body})::jsonb #> '{${sql.raw(path)}}') @> jsonb_build_array(${value}::text)`,
          ),
          sql` or `,
        )})`
      : sql`false`;
  return sql`(${sql.join(
    [
      listing('data,smsOptOut,memberIds', ids.customerIds),
      listing('data,smsOptIn,memberIds', ids.customerIds),
      listing('data,visit,memberIds', ids.customerIds),
      among('data,visit,id', ids.visitIds ?? []),
      among('data,registration,id', ids.registrationIds),
      among('data,registration,customerId', ids.customerIds),
      among('data,customer,id', ids.customerIds),
      among('data,survey,customerId', ids.customerIds),
      among('data,followUp,memberId', ids.customerIds),
      among('data,invitation,customerId', ids.customerIds),
    ],
    sql` or `,
  )})`;
}
