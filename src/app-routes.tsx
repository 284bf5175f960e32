import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NewPageStart } from './components/new-page-start/new-page-start';
import { PageShell } from './components/page-shell/page-shell';
import { lazyWithTexts } from './i18n/lazy-with-texts';
import { HomePage } from './pages/home/home-page';
import type { FirstLookupSource } from './lib/first-lookup';
import { FirstLookupContext } from './pages/home/first-lookup-context';

// The home route is the first load of nearly everyone; the pages after it load when they are reached.
const ThankYouPage = lazyWithTexts(
  () => import('./pages/thank-you/thank-you-page'),
  (m) => ({ component: m.ThankYouPage, texts: m.thankYouTexts }),
);
const SurveyPage = lazyWithTexts(
  () => import('./pages/survey/survey-page'),
  (m) => ({ component: m.SurveyPage, texts: m.surveyTexts }),
);

/** The customer pages under whichever router the browser (app.tsx) or the server (entry-server.tsx) gives them. */
export function AppRoutes({ firstLookup }: { firstLookup: FirstLookupSource }) {
  return (
    <FirstLookupContext value={firstLookup}>
      <NewPageStart />
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
