import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageShell } from './components/page-shell/page-shell';
import { HomePage } from './pages/home/home-page';
import type { FirstLookupSource } from './lib/first-lookup';
import { FirstLookupContext } from './pages/home/first-lookup-context';

// The home route is the first load of nearly everyone; the pages after it load when they are reached.
const ThankYouPage = lazy(() =>
  import('./pages/thank-you/thank-you-page').then(async (m) => {
    await m.thankYouTexts;
    return { default: m.ThankYouPage };
  }),
);
const SurveyPage = lazy(() =>
  import('./pages/survey/survey-page').then(async (m) => {
    await m.surveyTexts;
    return { default: m.SurveyPage };
  }),
);

/** The customer pages under whichever router the browser (app.tsx) or the server (entry-server.tsx) gives them. */
export function AppRoutes({ firstLookup }: { firstLookup: FirstLookupSource }) {
  return (
    <FirstLookupContext value={firstLookup}>
      <PageShell>
        <Suspense fallback={<p role="status">{t`Loading...`}</p>}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/thank-you" element={<ThankYouPage />} />
            <Route path="/survey" element={<SurveyPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </PageShell>
    </FirstLookupContext>
  );
}
