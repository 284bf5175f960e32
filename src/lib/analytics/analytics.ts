import type { Campaign } from './campaign';

interface Analytics {
  /** One page view: the path only (never the query: it may hold the registration code), with its title. */
  pageView(view: { path: string; title: string; campaign: Campaign }): void;
}

export type DataLayer = unknown[];

interface AnalyticsOptions {
  measurementId: string;
  origin: string;
  dataLayer: DataLayer;
  /** Adds the gtag.js script; a function so tests and other tag hosts can replace it. */
  loadScript: (src: string) => void;
}

const noAnalytics: Analytics = { pageView: () => undefined };

/**
 * Google tag (gtag.js), configured as docs/spec.md §7 says: no automatic page view, IP anonymised, consent mode left
 * unset. With no measurement id nothing is loaded and nothing is sent.
 */
export function createAnalytics({ measurementId, origin, dataLayer, loadScript }: AnalyticsOptions): Analytics {
  if (!measurementId) return noAnalytics;
  // gtag.js reads the `arguments` objects it is given, as Google's snippet pushes them.
  const gtag = function (..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the arguments object itself
    dataLayer.push(arguments);
  };
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false, anonymize_ip: true });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);

  return {
    pageView({ path, title, campaign }) {
      // Every later hit (engagement, scroll) reports this location, not the address bar's, which holds the code.
      const location = `${origin}${path}`;
      gtag('set', { page_location: location, page_path: path, page_title: title });
      gtag('event', 'page_view', { page_location: location, page_path: path, page_title: title, ...campaign });
    },
  };
}
