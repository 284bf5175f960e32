// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPageStart } from '../../../../src/components/new-page-start/new-page-start';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page that shows its heading at once, or once "loaded" is pressed (as a page waiting for its data does). */
function Page({ title, loads = false }: { title: string; loads?: boolean }) {
  const [loaded, setLoaded] = useState(!loads);
  const navigate = useNavigate();
  return (
    <>
      {loaded ? <h1>{title}</h1> : <p>Loading...</p>}
      <input aria-label={`Field on ${title}`} />
      <button type="button" onClick={() => setLoaded(true)}>
        loaded
      </button>
      <button type="button" onClick={() => void navigate('/form?site=7')}>
        filter
      </button>
      <button type="button" onClick={() => void navigate('/thanks')}>
        to thanks
      </button>
      <button type="button" onClick={() => void navigate('/later')}>
        to later
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderApp(start = '/form') {
  render(
    <MemoryRouter initialEntries={[start]}>
      <NewPageStart />
      <main>
        <Routes>
          <Route path="/form" element={<Page key="form" title="The form" />} />
          <Route path="/thanks" element={<Page key="thanks" title="Thank you" />} />
          <Route path="/later" element={<Page key="later" title="Later" loads />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
  const scrollTo = vi.spyOn(window, 'scrollTo');
  const press = (name: string) => act(() => screen.getByRole('button', { name }).click());
  return { scrollTo, press };
}

describe('a new page starts at its top with focus on its heading', () => {
  it('leaves the first page as it opens', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it('scrolls a page reached by a link to its top and focuses its heading', () => {
    const { scrollTo, press } = renderApp();
    press('to thanks');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Thank you' }));
  });

  it('focuses the heading of a page still loading once it shows', () => {
    const { press } = renderApp();
    press('to later');
    expect(screen.queryByRole('heading')).toBeNull();
    press('loaded');
    return vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Later' })));
  });

  it('leaves the focus where the reader put it while the page was loading', async () => {
    const { press } = renderApp();
    press('to later');
    const field = screen.getByRole('textbox', { name: 'Field on Later' });
    act(() => field.focus());
    // The heading shows, and what watches for it has run by the time the asynchronous act settles.
    await act(() => Promise.resolve(screen.getByRole('button', { name: 'loaded' }).click()));
    expect(screen.getByRole('heading', { name: 'Later' })).toBeTruthy();
    expect(document.activeElement).toBe(field);
  });

  it('keeps the reader where they are when only the query changes (a filter)', () => {
    const { scrollTo, press } = renderApp();
    const filter = screen.getByRole('button', { name: 'filter' });
    act(() => filter.focus());
    press('filter');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(filter);
  });

  it('leaves back and forward to the browser', () => {
    const { scrollTo, press } = renderApp();
    press('to thanks');
    scrollTo.mockClear();
    const back = screen.getByRole('button', { name: 'back' });
    act(() => back.focus());
    press('back');
    expect(screen.getByRole('heading', { name: 'The form' })).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'The form' }));
  });
});
