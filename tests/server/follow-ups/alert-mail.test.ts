import { describe, expect, test } from 'vitest';
import { alertMail, type AlertFacts } from '../../../server/follow-ups/alerts/alert-mail';

const facts: AlertFacts = {
  kind: 'opened',
  caseId: 'case-1',
  siteName: 'Harbor Road',
  scores: { recommendToOthersScore: 3, washQualityScore: 4, cleanlinessScore: 0, serviceScore: 10, valueScore: 0 },
  comments: '  The dryer left streaks.  ',
  dueAt: new Date('2026-11-28T09:00:00.000Z'),
  publicUrl: 'https://wash.example',
};

describe('the alert email (issue 25)', () => {
  test('names the site and the scores, says which questions were left unanswered, and links the case', () => {
    expect(alertMail(facts)).toEqual({
      subject: 'Follow-up needed at Harbor Road: a member rated 3/10',
      text: [
        'A member of Harbor Road answered the survey as a detractor. Please contact them by 2026-11-28T09:00:00.000Z.',
        '',
        'Recommend to others: 3/10',
        'Wash quality: 4/10',
        'Cleanliness: not answered',
        'Service: 10/10',
        'Value: not answered',
        '',
        'Comment: The dryer left streaks.',
        '',
        'Open the case: https://wash.example/admin/follow-ups/case-1',
        '',
      ].join('\n'),
    });
  });

  test('says there is no comment rather than leaving the line empty', () => {
    const { text } = alertMail({ ...facts, comments: '   ' });
    expect(text.split('\n')).toContain('Comment: (none)');
  });

  test('an overdue case says nobody has contacted the member yet', () => {
    const { subject, text } = alertMail({ ...facts, kind: 'overdue' });
    expect(subject).toBe('Overdue follow-up at Harbor Road: a member rated 3/10');
    expect(text.split('\n')[0]).toBe(
      'A follow-up case at Harbor Road is still open past its due time (2026-11-28T09:00:00.000Z): nobody has contacted the member yet.',
    );
  });
});
