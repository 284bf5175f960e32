import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { surveys } from '../../platform/db/schema';

/**
 * Notes the first time a respondent opened the review page they were invited to. False when there is no such
 * survey or it carried no invitation; opening it again changes nothing.
 */
export async function noteReviewOpened(db: Db, surveyId: string, now = new Date()): Promise<boolean> {
  const [invited] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNotNull(surveys.reviewUrl)));
  if (!invited) return false;
  await db
    .update(surveys)
    .set({ reviewOpenedAt: now })
    .where(and(eq(surveys.id, surveyId), isNull(surveys.reviewOpenedAt)));
  return true;
}
