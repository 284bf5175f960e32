import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { useLanguage } from './i18n/use-language';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { PageViewTracker } from './lib/analytics/page-view-tracker';
import type { FirstLookupSource } from './lib/first-lookup';

/** The app in the browser. entry-server.tsx renders the same tree, with a null where the tracker is. */
export function App({ firstLookup }: { firstLookup: FirstLookupSource }) {
  // Language is view state (decision 018): a switch renders every text again and leaves every flow as it is. The
  // provider alone would render again only the <Trans> texts, not those the `t` macro reads.
  useLanguage();
  return (
    <I18nProvider i18n={i18n}>
      <BrowserRouter>
        <PageViewTracker />
        <AppRoutes firstLookup={firstLookup} />
      </BrowserRouter>
    </I18nProvider>
  );
}
