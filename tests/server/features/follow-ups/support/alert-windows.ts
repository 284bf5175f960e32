import { sql } from 'drizzle-orm';
import type { Database } from '../../../../../server/platform/db/client';
import { QUEUES } from '../../../../../server/platform/jobs/queues';

/**
 * Ends every recipient's alert window now, as the clock would after ALERT_EMAIL_MINUTES (decision 039): the next
 * alert goes at once, and the digests waiting for the windows' ends are due now.
 */
export async function endAlertWindows(database: Database): Promise<void> {
  await database.db.execute(sql`update follow_up_alert_windows set next_mail_at = now()`);
  await database.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${QUEUES.followUpDigest} and state < 'active'`,
  );
}
