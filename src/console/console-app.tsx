import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useOutletContext } from 'react-router-dom';
import { NewPageStart } from '../components/new-page-start/new-page-start';
import type { StaffMember } from '../domain/staff';
import { ConsoleShell } from './console-shell';
import { CONSOLE_ROUTES, mayOpen, type ConsoleRoute } from './routes';
import { SignInPage } from './sign-in/sign-in-page';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * A page of the table, opened only by the roles it names (anyone else goes to the dashboard), titled from it; someone
 * signed in with a one-time password is sent to change it.
 */
function Guarded({ route }: { route: ConsoleRoute }) {
  const staff = useOutletContext<StaffMember>();
  const allowed = mayOpen(route, staff.role);
  useEffect(() => {
    if (allowed) document.title = `${route.title} · Club Profile console`;
  }, [allowed, route.title]);
  const Page = route.page;
  // A one-time password opens only its own change (the server refuses the rest with password_change_required).
  if (staff.passwordChangeRequired && route.path !== '/account') return <Navigate to="/account" replace />;
  return allowed ? <Page /> : <Navigate to="/" replace />;
}

/** The operator console, under /admin: sign-in outside the shell, every page of the table inside it. */
export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <NewPageStart />
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route element={<ConsoleShell />}>
              {CONSOLE_ROUTES.map((route) =>
                route.path === '/' ? (
                  <Route key={route.path} index element={<Guarded route={route} />} />
                ) : (
                  <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
                ),
              )}
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
