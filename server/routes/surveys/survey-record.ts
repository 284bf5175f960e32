import type { Survey } from '../../../src/domain/survey';
import type { surveys } from '../../db/schema';

export function toSurvey(row: typeof surveys.$inferSelect): Survey & { createdAt: string } {
  return {
    id: row.id,
    customerId: row.customerId,
    recommendToOthersScore: row.recommendToOthersScore,
    washQualityScore: row.washQualityScore,
    cleanlinessScore: row.cleanlinessScore,
    serviceScore: row.serviceScore,
    valueScore: row.valueScore,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
  };
}
