import { describe, expect, it } from 'vitest';
import { FEEDBACK_DEFAULTS } from '../../../../src/domain/invitations';
import {
  feedbackChanges,
  feedbackForm,
  feedbackLines,
  newSiteFeedback,
} from '../../../../src/console/sites/feedback-settings';

const ASKING = { ...FEEDBACK_DEFAULTS, askAfterVisit: true };

describe("a site's feedback settings in the form", () => {
  it('sends only what changed, as numbers, and nothing for a form left as it opened', () => {
    expect(feedbackChanges(ASKING, feedbackForm(ASKING))).toEqual({});
    expect(feedbackChanges(ASKING, { ...feedbackForm(ASKING), askDelayMinutes: ' 0 ', askEveryDays: '14' })).toEqual({
      askDelayMinutes: 0,
      askEveryDays: 14,
    });
    expect(feedbackChanges(ASKING, { ...feedbackForm(ASKING), codeReminder: false })).toEqual({ codeReminder: false });
    expect(feedbackChanges(FEEDBACK_DEFAULTS, { ...feedbackForm(), askAfterVisit: true })).toEqual({
      askAfterVisit: true,
    });
  });

  it('sends what is not a whole number as typed is not, for the server to say its message', () => {
    const sent = feedbackChanges(ASKING, {
      ...feedbackForm(ASKING),
      askDelayMinutes: '',
      inviteReminderMinutes: 'soon',
    });
    expect(sent.askDelayMinutes).toBeNaN();
    expect(sent.inviteReminderMinutes).toBeNaN();
    expect(feedbackChanges(ASKING, { ...feedbackForm(ASKING), askEveryDays: '1.5' })).toEqual({ askEveryDays: 1.5 });
  });

  it('sends nothing of the hidden boxes: asking off hides its own, a reminder off its minutes', () => {
    const off = { ...feedbackForm(ASKING), askAfterVisit: false, askDelayMinutes: '5', inviteReminderMinutes: '9' };
    expect(feedbackChanges(ASKING, off)).toEqual({ askAfterVisit: false });
    expect(
      feedbackChanges(ASKING, { ...feedbackForm(ASKING), inviteReminder: false, inviteReminderMinutes: '9' }),
    ).toEqual({ inviteReminder: false });
    expect(feedbackChanges(ASKING, { ...feedbackForm(ASKING), codeReminder: false, codeReminderMinutes: '9' })).toEqual(
      { codeReminder: false },
    );
  });

  it("sends a new site's settings where they differ from the defaults", () => {
    expect(newSiteFeedback(feedbackForm())).toEqual({});
    expect(newSiteFeedback({ ...feedbackForm(), askAfterVisit: true, askDelayMinutes: '30' })).toEqual({
      askAfterVisit: true,
      askDelayMinutes: 30,
    });
  });
});

describe("a site's feedback settings in the list", () => {
  it('says whether it asks, when, how often and its reminder, then the profile reminder', () => {
    expect(feedbackLines(FEEDBACK_DEFAULTS)).toEqual([
      'Feedback not asked after visits',
      'Unfinished profile reminded 1 d after its code',
    ]);
    expect(feedbackLines(ASKING)).toEqual([
      'Feedback asked 2 h after a visit, at most every 30 days; reminded 2 d later if unanswered',
      'Unfinished profile reminded 1 d after its code',
    ]);
    expect(
      feedbackLines({ ...ASKING, askDelayMinutes: 0, askEveryDays: 1, inviteReminder: false, codeReminder: false }),
    ).toEqual([
      'Feedback asked right after a visit, at most every 1 day; no reminder',
      'No reminder of an unfinished profile',
    ]);
  });
});
