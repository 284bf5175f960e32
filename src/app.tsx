import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageShell } from './components/page-shell/page-shell';
import { PageViewTracker } from './lib/analytics/page-view-tracker';
import { HomePage } from './pages/home/home-page';
import { lazy, Suspense } from 'react';

// The home route is the first load of nearly everyone; the pages after it load when they are reached.
const ThankYouPage = lazy(() => import('./pages/thank-you/thank-you-page').then((m) => ({ default: m.ThankYouPage })));
const SurveyPage = lazy(() => import('./pages/survey/survey-page').then((m) => ({ default: m.SurveyPage })));

const queryClient = new QueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageViewTracker />
        <PageShell>
          <Suspense fallback={<p role="status">Loading...</p>}>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/thank-you" element={<ThankYouPage />} />
              <Route path="/survey" element={<SurveyPage />} />
              <Route path="*" element={<Navigate to="/" replace />} />
            </Routes>
          </Suspense>
        </PageShell>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
