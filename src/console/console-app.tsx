import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConsoleShell } from './pages/console-shell';
import { SignInPage } from './pages/sign-in-page';

// Each page loads when first opened: a manager's phone at the counter needs the issue page, not the charts.
const DashboardPage = lazy(() => import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const MembersPage = lazy(() => import('./pages/members-page').then((m) => ({ default: m.MembersPage })));
const MemberPage = lazy(() => import('./pages/member-page').then((m) => ({ default: m.MemberPage })));
const FeedbackPage = lazy(() => import('./pages/feedback-page').then((m) => ({ default: m.FeedbackPage })));
const IssuePage = lazy(() => import('./pages/issue-page').then((m) => ({ default: m.IssuePage })));
const StaffPage = lazy(() => import('./pages/staff-page').then((m) => ({ default: m.StaffPage })));
const IntegrationsPage = lazy(() => import('./pages/integrations-page').then((m) => ({ default: m.IntegrationsPage })));
const ApiKeysPage = lazy(() => import('./pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage })));
const AccountPage = lazy(() => import('./pages/account-page').then((m) => ({ default: m.AccountPage })));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** The operator console, under /admin: sign-in outside the shell, every other page inside it. */
export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route element={<ConsoleShell />}>
              <Route index element={<DashboardPage />} />
              <Route path="/members" element={<MembersPage />} />
              <Route path="/members/:id" element={<MemberPage />} />
              <Route path="/feedback" element={<FeedbackPage />} />
              <Route path="/issue" element={<IssuePage />} />
              <Route path="/staff" element={<StaffPage />} />
              <Route path="/integrations" element={<IntegrationsPage />} />
              <Route path="/api-keys" element={<ApiKeysPage />} />
              <Route path="/account" element={<AccountPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
