import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpCases, sites, surveys } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

// Issue 25, part 3: every respondent of a site with a review link is invited to review, whatever they answered.

const REVIEW_URL = 'https://g.page/r/naperville/review';

describe.each(DRIVERS)('review invitations on %s', (driver) => {
  let t: TestApp;
  let atReviewedSite: string;
  let atPlainSite: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    const member = async (siteId: string, mobileNumber: string) => {
      const issued = await t.issue({ siteId, mobileNumber });
      return (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body
        .id as string;
    };
    atReviewedSite = await member('7', '+12015550171');
    atPlainSite = await member('9', '+12015550172');
    await t.database.db.update(sites).set({ reviewUrl: REVIEW_URL }).where(eq(sites.id, '7'));
  });
  afterAll(() => t.close());

  const answer = (customerId: string, recommendToOthersScore: number, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/surveys', { json: { customerId, recommendToOthersScore, comments: 'ok' }, headers });
  const stored = async (id: string) => (await t.database.db.select().from(surveys).where(eq(surveys.id, id)))[0]!;

  it('invites a detractor and a promoter alike to the review page of their site, and keeps what was offered', async () => {
    for (const score of [2, 10]) {
      const res = await answer(atReviewedSite, score);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ recommendToOthersScore: score, reviewUrl: REVIEW_URL });
      expect(await stored(res.body.id)).toMatchObject({ reviewUrl: REVIEW_URL, reviewOpenedAt: null });
    }
  });

  it('stores a survey with no score and no comment, and invites to nothing nor opens a case for it', async () => {
    for (const json of [{ customerId: atReviewedSite }, { customerId: atReviewedSite, comments: ' \u200b\n ' }]) {
      const res = await t.call('POST', '/api/surveys', { json });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ recommendToOthersScore: 0, comments: '', reviewUrl: null });
      expect(await stored(res.body.id)).toMatchObject({ comments: '', reviewUrl: null });
      expect(await t.database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, res.body.id))).toEqual(
        [],
      );
      expect((await t.call('POST', `/api/surveys/${res.body.id}/review-opened`)).status).toBe(404);
    }
    // A comment alone, or a score alone, is a response: invited like any other.
    for (const json of [
      { customerId: atReviewedSite, comments: 'Quick and friendly.' },
      { customerId: atReviewedSite, valueScore: 4 },
    ]) {
      const res = await t.call('POST', '/api/surveys', { json });
      expect(res.body.reviewUrl).toBe(REVIEW_URL);
    }
  });

  it('invites no one at a site without a review link', async () => {
    const res = await answer(atPlainSite, 10);
    expect(res.status).toBe(201);
    expect(res.body.reviewUrl).toBeNull();
    expect((await stored(res.body.id)).reviewUrl).toBeNull();
  });

  it('answers a retried survey with the same invitation', async () => {
    const headers = { 'idempotency-key': 'review-retry' };
    const first = await answer(atReviewedSite, 8, headers);
    const again = await answer(atReviewedSite, 8, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.reviewUrl).toBe(REVIEW_URL);
  });

  it('counts the first opening of the link, and only an invitation that was made', async () => {
    const invited = (await answer(atReviewedSite, 9)).body.id as string;
    const opened = await t.call('POST', `/api/surveys/${invited}/review-opened`);
    expect(opened.status).toBe(204);
    const first = (await stored(invited)).reviewOpenedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await t.call('POST', `/api/surveys/${invited}/review-opened`)).status).toBe(204);
    expect((await stored(invited)).reviewOpenedAt).toEqual(first);

    const notInvited = (await answer(atPlainSite, 9)).body.id as string;
    for (const id of [notInvited, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.call('POST', `/api/surveys/${id}/review-opened`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await stored(notInvited)).reviewOpenedAt).toBeNull();
    expect((await t.call('POST', `/api/surveys/${invited}/review-opened`, { anonymous: true })).status).toBe(401);
  });
});
