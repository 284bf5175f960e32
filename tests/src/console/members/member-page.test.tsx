// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberPage } from '../../../../src/console/members/member-page';
import {
  inboundKeywordLine,
  inboundReplyLine,
  smsConsentEntryLine,
  smsConsentLine,
} from '../../../../src/console/members/sms-consent-words';
import type { MemberDetail } from '../../../../src/domain/members';
import type { InboundSms, SmsConsent, SmsConsentEntry } from '../../../../src/domain/sms-consent';

const NUMBER = '+12015550161';
/** Times as the test writes them, so no time zone enters the expectations. */
const at = (iso: string) => `[${iso.slice(0, 10)}]`;

const agreed: SmsConsentEntry = {
  action: 'agreed',
  source: 'profile',
  at: '2026-11-01T10:00:00.000Z',
  keyword: null,
  messageSid: null,
  senderNumber: null,
};
const withdrawn: SmsConsentEntry = {
  action: 'withdrawn',
  source: 'sms_keyword',
  at: '2026-11-20T10:00:00.000Z',
  keyword: 'STOP',
  messageSid: 'SM0001',
  senderNumber: '+15005550006',
};
const optedIn: SmsConsentEntry = { ...withdrawn, action: 'opted_in', at: '2026-11-22T10:00:00.000Z', keyword: 'START' };
const optedOut = { at: withdrawn.at, keyword: 'STOP', messageSid: 'SM0001', senderNumber: '+15005550006' };
const consent = (overrides: Partial<SmsConsent>): SmsConsent => ({
  agreed: false,
  optedOut: null,
  history: [],
  ...overrides,
});
const text = (overrides: Partial<InboundSms>): InboundSms => ({
  id: 't1',
  messageSid: 'SM0001',
  fromNumber: NUMBER,
  toNumber: '+15005550006',
  body: 'Stop.',
  receivedAt: withdrawn.at,
  keyword: 'STOP',
  keywordKind: 'opt_out',
  reply: null,
  ...overrides,
});

describe('a member’s consent to texts in words', () => {
  it('says the number’s opt-out first, then agreement, a withdrawal, or that they never agreed', () => {
    const line = (c: SmsConsent, agreedAt: string | null = null) => smsConsentLine(c, NUMBER, agreedAt, at);
    expect(line(consent({ optedOut, history: [agreed, withdrawn] }), agreed.at)).toBe(
      `Opted out by text on [2026-11-20] (STOP, from ${NUMBER})`,
    );
    // A profile that agreed again after the STOP is still not texted: the opt-out is what is said.
    expect(line(consent({ agreed: true, optedOut }), agreed.at)).toMatch(/^Opted out by text on/);
    expect(line(consent({ agreed: true, history: [agreed] }), agreed.at)).toBe('Agrees to texts (since [2026-11-01])');
    expect(line(consent({ history: [agreed, withdrawn, optedIn] }), agreed.at)).toBe(
      'Does not agree to texts: opted out on [2026-11-20], texted START on [2026-11-22] ' +
        '(texts may reach the number again; agreeing again takes a profile)',
    );
    expect(line(consent({}))).toBe('Never agreed to texts');
  });

  it('lists each change with its evidence, and names a received keyword', () => {
    expect(smsConsentEntryLine(agreed, at)).toBe('Agreed to texts on their profile, [2026-11-01]');
    expect(smsConsentEntryLine(withdrawn, at)).toBe(
      'Opted out by text (STOP), [2026-11-20] (message SM0001, to +15005550006)',
    );
    expect(smsConsentEntryLine(optedIn, at)).toBe(
      'Opted back in by texting START, [2026-11-22]: texts allowed again, consent not restored ' +
        '(message SM0001, to +15005550006)',
    );
    expect(inboundKeywordLine(text({}))).toBe('Opt-out keyword STOP');
    expect(inboundKeywordLine(text({ keyword: 'AYUDA', keywordKind: 'help' }))).toBe('Help keyword AYUDA');
    expect(inboundKeywordLine(text({ body: 'Cancel my plan', keyword: 'CANCEL', keywordKind: 'maybe_opt_out' }))).toBe(
      'Unclear opt-out word CANCEL: not taken as an opt-out',
    );
    expect(inboundKeywordLine(text({ keyword: null, keywordKind: null }))).toBeNull();
  });

  it('says what we texted back, and nothing when we sent nothing', () => {
    expect(inboundReplyLine(text({ reply: 'Brightwater Car Wash: Reply STOP to stop all texts from us.' }))).toBe(
      'We replied: “Brightwater Car Wash: Reply STOP to stop all texts from us.”',
    );
    expect(inboundReplyLine(text({ reply: null }))).toBeNull();
  });
});

const MEMBER: MemberDetail = {
  id: 'm1',
  profile: {
    id: 'm1',
    firstName: 'Rosa',
    lastName: 'Alvarez',
    email: 'rosa@example.com',
    mobileNumber: NUMBER,
    address: { line1: '48 Orchard Street', line2: '', city: 'Madison', region: 'WI', postalCode: '53703' },
  },
  vehicle: { year: 2018, make: 'Honda', model: 'CR-V', color: 'Silver', licensePlate: '', licensePlateState: '' },
  consent: {
    version: '2026-01',
    language: 'en',
    terms: { agreed: true, at: agreed.at },
    newsletters: { agreed: false, at: null },
    smsMessaging: { agreed: false, at: agreed.at },
  },
  consentEvidence: {
    givenAt: '2026-11-01T15:03:12.000Z',
    timeZone: 'America/Chicago',
    localTime: '2026-11-01T09:03:12-06:00',
    clientAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
    page: '/',
  },
  registration: {
    id: 'r1',
    planName: 'Unlimited Wash Club',
    amount: 29.99,
    rechargeDate: '2026-12-21',
    siteId: '7',
    sourceSystem: 'test',
    isManual: false,
    issuedAt: agreed.at,
    openedAt: agreed.at,
    completedAt: agreed.at,
    sms: null,
  },
  surveys: [],
  latestScore: null,
  texts: [],
  smsConsent: consent({ optedOut, history: [agreed, withdrawn] }),
  inboundMessages: [
    text({
      id: 't2',
      body: 'Please stop texting me',
      receivedAt: withdrawn.at,
      reply: 'Brightwater Car Wash: you are unsubscribed and will get no more texts from us.',
    }),
    text({ id: 't1', body: 'Thanks!', keyword: null, keywordKind: null, receivedAt: '2026-11-10T10:00:00.000Z' }),
  ],
  visits: { lastVisitAt: null, recentCount: 0, latest: [] },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SITES = {
  results: [
    {
      id: '7',
      name: 'Main Street',
      address: '',
      timeZone: 'America/Los_Angeles',
      reviewUrl: null,
      smsWindow: { start: '08:00', end: '21:00' },
      active: true,
      named: true,
    },
    {
      id: '9',
      name: 'Harbor Road',
      address: '',
      timeZone: 'America/New_York',
      reviewUrl: null,
      smsWindow: { start: '08:00', end: '21:00' },
      active: true,
      named: true,
    },
  ],
  defaultTimeZone: 'America/New_York',
};

function renderPage(member: MemberDetail) {
  vi.stubGlobal('fetch', (input: Request) =>
    Promise.resolve(Response.json(new URL(input.url).pathname === '/api/admin/members/m1' ? member : SITES)),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/members/m1']}>
        <Routes>
          <Route path="/members/:id" element={<MemberPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The value the consent card gives a term. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the member page', () => {
  it("shows the number's visits on each site's clock, with the 30-day count", async () => {
    renderPage({
      ...MEMBER,
      visits: {
        lastVisitAt: '2026-11-21T02:30:00.000Z',
        recentCount: 3,
        latest: [
          { id: 'v2', siteId: '7', visitedAt: '2026-11-21T02:30:00.000Z', package: 'Ultimate' },
          { id: 'v1', siteId: '7', visitedAt: '2026-11-02T18:00:00.000Z', package: '' },
        ],
      },
    });
    const visits = await screen.findByRole('list', { name: 'Latest visits, newest first' });
    await vi.waitFor(() => expect(fact('Last visit')).toMatch(/^Nov 20, 2026, 6:30 PM PST.*, Main Street$/));
    expect(fact('Visits in the last 30 days')).toBe('3');
    expect(
      within(visits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Nov 20, 2026, 6:30 PM PST.*, Main Street · Ultimate$/),
      expect.stringMatching(/^Nov 2, 2026, 10:00 AM PST.*, Main Street$/),
    ]);
  });

  it('says when the point-of-sale has reported no visit', async () => {
    renderPage(MEMBER);
    await screen.findByText('Last visit');
    expect(fact('Last visit')).toBe('No visit yet');
    expect(fact('Visits in the last 30 days')).toBe('0');
  });

  it('shows the opt-out, its history and the texts received, newest first, with what we replied', async () => {
    renderPage(MEMBER);
    expect(await screen.findByText(/^Opted out by text on .* \(STOP, from \+12015550161\)$/)).toBeTruthy();
    const history = screen.getByRole('list', { name: 'History of consent to texts' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Agreed to texts on their profile, /),
      expect.stringMatching(/^Opted out by text \(STOP\), .* \(message SM0001, to \+15005550006\)$/),
    ]);
    const texts = screen.getByRole('list', { name: 'Texts received, newest first' });
    expect(
      within(texts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(
        /, from \+12015550161 · Opt-out keyword STOP\s*Please stop texting me\s*We replied: “Brightwater Car Wash: you are unsubscribed and will get no more texts from us\.”$/,
      ),
      expect.stringMatching(/, from \+12015550161\s*Thanks!$/),
    ]);
  });

  it('shows where the profile was given: their clock and zone, the client address, the browser and the page', async () => {
    renderPage(MEMBER);
    await screen.findByText('Their clock');
    expect(fact('Their clock')).toBe('Nov 1, 2026, 9:03:12 AM CST (America/Chicago)');
    expect(fact('Client address')).toBe('203.0.113.9');
    expect(fact('Browser')).toBe('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)');
    expect(fact('Page')).toBe('/');
  });

  it('writes the registration’s times on its site’s clock, and a held text’s reason and hour', async () => {
    const issuedAt = '2026-11-25T16:00:00.000Z';
    renderPage({
      ...MEMBER,
      registration: {
        ...MEMBER.registration,
        issuedAt,
        sms: { status: 'queued', errorCode: null, attempts: 0, sentAt: null, scheduledFor: '2026-11-26T16:00:00.000Z' },
      },
    });
    await screen.findByText('Main Street');
    expect(fact('Code issued')).toMatch(/^Nov 25, 2026, 8:00 AM PST( \(.* your time\))?$/);
    expect(fact('Link sent by text')).toMatch(
      /^Text message held for quiet hours: texts go out 8:00 AM – 9:00 PM at Main Street\. It goes out Nov 26, 2026, 8:00 AM PST/,
    );
  });

  it('writes a sign-up of no site on the server’s default clock', async () => {
    renderPage({
      ...MEMBER,
      registration: { ...MEMBER.registration, isManual: true, issuedAt: '2026-11-25T16:00:00.000Z' },
    });
    await vi.waitFor(() => expect(fact('Code issued')).toMatch(/^Nov 25, 2026, 11:00 AM EST/));
  });

  it('says "Not recorded" for evidence a profile from before it was kept has not', async () => {
    const { givenAt } = MEMBER.consentEvidence;
    const blank = { givenAt, timeZone: null, localTime: null, clientAddress: null, userAgent: null, page: null };
    renderPage({ ...MEMBER, consentEvidence: blank });
    await screen.findByText('Their clock');
    expect(['Their clock', 'Client address', 'Browser', 'Page'].map(fact)).toEqual(Array(4).fill('Not recorded'));
  });

  it('says a survey with no score and no comment was empty, and shows a response’s answers', async () => {
    const scores = {
      recommendToOthersScore: 0,
      washQualityScore: 0,
      cleanlinessScore: 0,
      serviceScore: 0,
      valueScore: 0,
    };
    const survey = {
      createdAt: agreed.at,
      scores,
      comments: '',
      band: null,
      invitationId: null,
      siteId: null,
      visitedAt: null,
    };
    renderPage({
      ...MEMBER,
      surveys: [
        { ...survey, id: 'empty' },
        { ...survey, id: 'comment', comments: 'Dryer left spots.' },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Answers over time' });
    const [empty, comment] = within(section).getAllByRole('article');
    expect(within(empty!).getByRole('heading').textContent).toBe('At sign-up · empty');
    expect(within(empty!).queryAllByText('Not answered')).toEqual([]);
    expect(within(comment!).getByRole('heading').textContent).not.toMatch(/empty/);
    expect(within(comment!).getAllByText('Not answered')).toHaveLength(5);
    expect(within(comment!).getByText('Dryer left spots.')).toBeTruthy();
  });

  it('says a never-agreed member’s opt-out had nothing to withdraw', async () => {
    renderPage({ ...MEMBER, smsConsent: consent({ agreed: false, optedOut, history: [] }) });
    expect(
      await screen.findByText('Nothing to withdraw: they never agreed to texts, and their number opted out (above).'),
    ).toBeTruthy();
  });

  it('lists answers newest first, each at sign-up or after a visit on its day and site, under the latest score', async () => {
    const scores = (recommend: number) => ({
      recommendToOthersScore: recommend,
      washQualityScore: 8,
      cleanlinessScore: 8,
      serviceScore: 8,
      valueScore: 8,
    });
    renderPage({
      ...MEMBER,
      surveys: [
        {
          id: 'after-visit',
          createdAt: '2026-11-22T15:00:00.000Z',
          scores: scores(4),
          comments: 'Brushes missed the wheels.',
          band: 'detractor',
          invitationId: 'i1',
          siteId: '9',
          // 11:30 PM on the 20th in New York is the 21st in UTC: the day is the site's.
          visitedAt: '2026-11-21T04:30:00.000Z',
        },
        {
          id: 'sign-up',
          createdAt: agreed.at,
          scores: scores(10),
          comments: '',
          band: 'promoter',
          invitationId: null,
          siteId: null,
          visitedAt: null,
        },
      ],
      latestScore: { score: 4, band: 'detractor', at: '2026-11-22T15:00:00.000Z' },
    });
    const section = await screen.findByRole('region', { name: 'Answers over time' });
    await vi.waitFor(() =>
      expect(within(section).getByTestId('latest-score').textContent).toMatch(
        /^Latest score: 4 \(detractor\) · Nov 22, 2026, 10:00 AM EST/,
      ),
    );
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['After a visit on Nov 20, 2026 at Harbor Road · 4 (detractor)', 'At sign-up · 10 (promoter)']);
  });

  it('says when no answer has scored yet', async () => {
    renderPage(MEMBER);
    const section = await screen.findByRole('region', { name: 'Answers over time' });
    expect(within(section).getByTestId('latest-score').textContent).toBe(
      'No score yet: no answer has said whether they would recommend us.',
    );
    expect(within(section).getByText('No survey yet.')).toBeTruthy();
  });

  it('lists the texts we sent, each kind in words, with what became of it on its site’s clock', async () => {
    const status = { errorCode: null, attempts: 1, sentAt: null };
    renderPage({
      ...MEMBER,
      texts: [
        {
          ...status,
          id: 'x4',
          kind: 'invitation_reminder',
          status: 'queued',
          attempts: 0,
          scheduledFor: '2026-11-24T14:00:00.000Z',
          createdAt: '2026-11-22T14:00:00.000Z',
          siteId: '9',
          invitationId: 'i1',
        },
        {
          ...status,
          id: 'x3',
          kind: 'invitation',
          status: 'sent',
          sentAt: '2026-11-22T14:00:02.000Z',
          createdAt: '2026-11-22T14:00:00.000Z',
          siteId: '9',
          invitationId: 'i1',
        },
        {
          ...status,
          id: 'x2',
          kind: 'code_reminder',
          status: 'failed',
          errorCode: 'registration_completed',
          createdAt: '2026-11-01T15:00:00.000Z',
          siteId: '7',
          invitationId: null,
        },
        {
          ...status,
          id: 'x1',
          kind: 'code',
          status: 'failed',
          errorCode: '21614',
          createdAt: '2026-11-01T15:00:00.000Z',
          siteId: '7',
          invitationId: null,
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Texts sent, newest first' });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toMatch(/Harbor Road/));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(
        /^Reminder: survey · Harbor RoadDue Nov 24, 2026, 9:00 AM EST.*, if still needed thenQueued Nov 22, 2026, 9:00 AM EST/,
      ),
      expect.stringMatching(/^Survey invitation · Harbor RoadSent Nov 22, 2026, 9:00 AM EST/),
      expect.stringMatching(/^Reminder: profile link · Main StreetNot sent: the profile was completed first/),
      expect.stringMatching(
        /^Profile link · Main StreetNot sent: not a mobile number, so it cannot take texts \(21614\)Queued Nov 1, 2026, 7:00 AM PST/,
      ),
    ]);
  });
});
