import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { analytics } from './browser-analytics';
import { splitCampaign } from './campaign';

/**
 * Sends a page view for the first load and every route change. Campaign parameters go with it and leave the
 * address bar (history.replaceState keeps the router's state; no reload).
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { campaign, rest } = splitCampaign(window.location.search);
    if (Object.keys(campaign).length > 0 || window.location.search !== rest) {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${rest}${window.location.hash}`,
      );
    }
    analytics.pageView({ path: pathname, title: document.title, campaign });
  }, [pathname]);
  return null;
}
