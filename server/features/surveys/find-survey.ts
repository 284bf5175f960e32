import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { surveys } from '../../platform/db/schema';
import type { StoredSurvey } from '../../../src/domain/survey';
import { toStoredSurvey } from './survey-record';

/** A stored survey as `POST /api/surveys` answered it: what a retry of that request is answered again. */
export async function findSurvey(db: Db, id: string): Promise<StoredSurvey | undefined> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
  return row && toStoredSurvey(row);
}
