import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageShell } from './components/page-shell/page-shell';
import { PageViewTracker } from './lib/analytics/page-view-tracker';
import { HomePage } from './pages/home/home-page';
import { SurveyPage } from './pages/survey/survey-page';
import { ThankYouPage } from './pages/thank-you/thank-you-page';

const queryClient = new QueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageViewTracker />
        <PageShell>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/thank-you" element={<ThankYouPage />} />
            <Route path="/survey" element={<SurveyPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </PageShell>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
