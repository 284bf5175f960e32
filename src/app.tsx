import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { PageViewTracker } from './lib/analytics/page-view-tracker';
import type { FirstLookupSource } from './pages/home/first-lookup-context';

const queryClient = new QueryClient();

/** The app in the browser. entry-server.tsx renders the same tree, with a null where the tracker is. */
export function App({ firstLookup }: { firstLookup: FirstLookupSource }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PageViewTracker />
        <AppRoutes firstLookup={firstLookup} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
