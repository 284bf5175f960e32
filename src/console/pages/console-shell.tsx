import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import buttons from '../../components/buttons/buttons.module.css';
import { consoleApi } from '../api';
import styles from '../console.module.css';
import { ME_QUERY_KEY, useStaff } from '../session';

const PAGES = [
  { to: '/', label: 'Dashboard', end: true, ownersOnly: false },
  { to: '/members', label: 'Members', end: false, ownersOnly: false },
  { to: '/feedback', label: 'Feedback', end: false, ownersOnly: false },
  { to: '/issue', label: 'Issue a code', end: false, ownersOnly: false },
  { to: '/staff', label: 'Staff', end: false, ownersOnly: true },
  { to: '/integrations', label: 'Integrations', end: false, ownersOnly: true },
  { to: '/api-keys', label: 'API keys', end: false, ownersOnly: true },
];

/** Every page but sign-in: who is signed in, the pages their role may open, and sign-out. */
export function ConsoleShell() {
  const staff = useStaff();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (staff === undefined) return <p className={styles.main}>Loading...</p>;
  if (staff === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }

  async function signOut() {
    await consoleApi.post('auth/sign-out', { json: {} });
    queryClient.clear();
    queryClient.setQueryData(ME_QUERY_KEY, null);
    await navigate('/sign-in', { replace: true });
  }

  return (
    <>
      <header className={styles.topbar}>
        <span className={styles.brand}>Club Profile console</span>
        <span className={styles.who}>
          <NavLink to="/account" className={styles.account}>
            {staff.email} · {staff.role}
            {staff.role === 'manager' ? ` (site ${staff.sites.join(', ')})` : ''}
          </NavLink>
          <button type="button" className={buttons.secondary} onClick={() => void signOut()}>
            Sign out
          </button>
        </span>
      </header>
      <nav className={styles.nav} aria-label="Console">
        <ul className={styles.navList}>
          {PAGES.filter((page) => !page.ownersOnly || staff.role === 'owner').map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={page.end} className={styles.navLink}>
                {page.label}
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
