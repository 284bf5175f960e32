import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { auditEvents } from '../../platform/db/schema';

/** What an erased id becomes in the audit log. */
export const ERASED_SUBJECT = 'erased';

/**
 * Replaces each of these ids with `erased` wherever an audit row's subject is one, or lists it among others (the
 * member-data export's subject is its customers' ids, space-separated); the row's actor, action, time and client
 * stay, and so do the other ids of a list. An id is no personal data here, but a webhook receiver's copy of the
 * profile would turn it back into a person. Answers how many rows changed.
 *
 * A scan of the log: no index helps with a word inside a subject, and erasures are rare.
 */
export async function redactAuditSubjects(tx: Tx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // A list written into the text: a `text[]` parameter is typed differently by each driver.
  const erased = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result: unknown = await tx.execute(sql`
    update ${auditEvents} as a
    set subject_id = (
      select string_agg(case when part in (${erased}) then ${ERASED_SUBJECT} else part end, ' ' order by n)
      from unnest(string_to_array(a.subject_id, ' ')) with ordinality as s(part, n))
    where exists (select 1 from unnest(string_to_array(a.subject_id, ' ')) as s(part) where part in (${erased}))
    returning 1`);
  // `Tx` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
  return (result as { rows: unknown[] }).rows.length;
}
