import { describe, expect, it } from 'vitest';
import {
  codeReminderText,
  invitationReminderText,
  invitationText,
} from '../../../../../server/features/integrations/sms/feedback-texts';

/** GSM 03.38's basic characters that ASCII also has: what a text may hold and still go at 160 characters a segment. */
const GSM_7_ASCII = /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n]*$/;

describe('the texts of feedback after visits', () => {
  const values = { operator: 'Brightwater', site: 'Harbor Road', link: 'https://club.example/survey?invite=abc' };

  it('keeps the English ones to GSM-7, so none goes in dearer UCS-2 segments', () => {
    for (const text of [
      invitationText('en', values),
      invitationReminderText('en', values),
      codeReminderText({ operator: 'Brightwater', link: 'https://club.example/?id=abc' }),
    ]) {
      expect(text).toMatch(GSM_7_ASCII);
    }
  });

  it('names the operator and the site, carries the link and ends with the opt-out line', () => {
    expect(invitationText('en', values)).toBe(
      'Brightwater, Harbor Road: thanks for your visit! How did we do? https://club.example/survey?invite=abc Reply STOP to opt out.',
    );
  });
});
