import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import buttons from '../components/buttons/buttons.module.css';
import { siteName } from '../domain/sites';
import styles from './console.module.css';
import { CONSOLE_ROUTES, mayOpen } from './routes';
import { signOut, useStaff } from './session';
import { sitesQuery } from './sites/api';

/** Every page but sign-in: who is signed in, the pages their role may open, and sign-out. */
export function ConsoleShell() {
  const staff = useStaff();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A manager's sites by name beside their email; an owner's are all of them, not worth asking for here.
  const sites = useQuery({ ...sitesQuery, enabled: staff?.role === 'manager' }).data?.results;

  if (staff === undefined) return <p className={styles.main}>Loading...</p>;
  if (staff === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }

  return (
    <>
      <header className={styles.topbar}>
        <span className={styles.brand}>Club Profile console</span>
        <span className={styles.who}>
          <NavLink to="/account" className={styles.account}>
            {staff.email} · {staff.role}
            {staff.role === 'manager' ? ` (${staff.sites.map((id) => siteName(sites, id)).join(', ')})` : ''}
          </NavLink>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => void signOut(queryClient).then(() => navigate('/sign-in', { replace: true }))}
          >
            Sign out
          </button>
        </span>
      </header>
      <nav className={styles.nav} aria-label="Console">
        <ul className={styles.navList}>
          {CONSOLE_ROUTES.filter((route) => route.label && mayOpen(route, staff.role)).map((route) => (
            <li key={route.path}>
              <NavLink to={route.path} end={route.path === '/'} className={styles.navLink}>
                {route.label}
                {route.badge && <route.badge />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>
        <Outlet context={staff} />
      </main>
    </>
  );
}
