// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackPage } from '../../../../src/console/feedback/feedback-page';
import type { FeedbackEntry } from '../../../../src/domain/feedback';
import type { StaffMember } from '../../../../src/domain/staff';

const ENTRY: FeedbackEntry = {
  id: 's1',
  createdAt: '2026-11-20T12:00:00.000Z',
  scores: { recommendToOthersScore: 3, washQualityScore: 0, cleanlinessScore: 0, serviceScore: 0, valueScore: 0 },
  comments: 'Rude cashier, slow line.',
  band: 'detractor',
  memberId: 'm1',
  memberName: 'Ada Lovelace',
  siteId: '7',
  themes: ['staff', 'wait_time'],
};

/** The console's API as the page reads it: the feedback list (whatever the filters) and no named site. */
function stubApi(entries: FeedbackEntry[] = [ENTRY]) {
  const fetch = vi.fn((input: Request) => {
    const url = new URL(input.url);
    const body = url.pathname === '/api/admin/feedback' ? { results: entries, nextCursor: null } : { results: [] };
    return Promise.resolve(Response.json(body));
  });
  vi.stubGlobal('fetch', fetch);
  /** The query of each feedback list request, in order. */
  return () =>
    fetch.mock.calls
      .map(([request]) => new URL(request.url))
      .filter((url) => url.pathname === '/api/admin/feedback')
      .map((url) => url.searchParams.toString());
}

function renderPage(path: string) {
  const staff = { role: 'owner' } as StaffMember;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Outlet context={staff} />}>
            <Route path="/feedback" element={<FeedbackPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the feedback page', () => {
  it('filters by theme from its address, and shows each comment’s themes by label', async () => {
    const requests = stubApi();
    renderPage('/feedback?theme=staff');
    const themes = await screen.findByRole('list', { name: 'Themes' });
    expect(
      within(themes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Staff', 'Wait time']);
    expect(requests()).toEqual(['theme=staff']);
    const select = screen.getByLabelText<HTMLSelectElement>('Theme');
    expect(select.value).toBe('staff');
    expect([...select.options].map((option) => option.text)).toEqual([
      'All themes',
      'Wash quality',
      'Damage',
      'Staff',
      'Wait time',
      'Price or value',
      'Cleanliness of the site',
      'Equipment',
      'Billing or membership',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/feedback.csv?theme=staff',
    );
  });

  it('asks for the chosen theme', async () => {
    const requests = stubApi();
    renderPage('/feedback');
    await screen.findByRole('list', { name: 'Themes' });
    await userEvent.setup().selectOptions(screen.getByLabelText('Theme'), 'Cleanliness of the site');
    await waitFor(() => expect(requests()).toEqual(['', 'theme=site_cleanliness']));
  });

  it('says what will show and how when nothing matches, and offers no file of nothing', async () => {
    stubApi([]);
    renderPage('/feedback?theme=staff');
    expect(await screen.findByText(/^No survey matches\. Surveys show here as members answer them/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
