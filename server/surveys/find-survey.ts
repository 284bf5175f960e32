import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { surveys } from '../db/schema';
import { toSurvey, type SurveyRecord } from './survey-record';

export async function findSurvey(db: Db, id: string): Promise<SurveyRecord | undefined> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
  return row && toSurvey(row);
}
