import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** The heading a page is read from: the first of its main content. */
const HEADING = 'main h1';

/**
 * Focuses the page's heading once it is on screen (a page still loading shows it later), unless the reader has put
 * the focus somewhere themselves meanwhile. Returns what stops the wait.
 */
function focusHeadingWhenShown(): () => void {
  const before = document.activeElement;
  const focusHeading = () => {
    const heading = document.querySelector<HTMLElement>(HEADING);
    if (!heading) return false;
    const active = document.activeElement;
    if (active && active !== before && active !== document.body) return true;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * A new page starts at its top with the focus on its heading, as GOV.UK's pages and React Router's
 * `ScrollRestoration` do (decision 037): without it a page opened from the bottom of a long one (the thank-you page
 * after the profile form) opens scrolled down, and a screen reader stays where the last page was. Only a new path
 * counts: a filter or a code in the query keeps the reader where they are. Back and forward leave both to the
 * browser, which restores where the reader was. Renders nothing; put it once inside each app's router.
 */
export function NewPageStart() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  const stopWaiting = useRef<() => void>(undefined);

  useEffect(() => () => stopWaiting.current?.(), []);

  // Before the browser paints the new page, so it never shows at the old page's scroll position.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    stopWaiting.current?.();
    stopWaiting.current = undefined;
    if (navigationType === NavigationType.Pop) return;
    window.scrollTo(0, 0);
    stopWaiting.current = focusHeadingWhenShown();
  }, [pathname, navigationType]);

  return null;
}
