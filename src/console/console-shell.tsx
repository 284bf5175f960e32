import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import buttons from '../components/buttons/buttons.module.css';
import { siteName } from '../domain/sites';
import { staffName, type StaffRole } from '../domain/staff';
import styles from './console.module.css';
import { DemoNotice } from './demo-data/demo-notice';
import nav from './console-nav.module.css';
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
        <span className={styles.brand}>
          <span className={styles.brandLong}>Club Profile console</span>
          <span className={styles.brandShort}>Console</span>
        </span>
        <span className={styles.who}>
          <NavLink to="/account" className={styles.account}>
            {staffName(staff)} · {staff.role}
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
      <ConsoleNav role={staff.role} />
      <main className={styles.main}>
        {staff.role === 'owner' && <DemoNotice />}
        <Outlet context={staff} />
      </main>
    </>
  );
}

/**
 * The pages the role may open, in one row (decision 045): on a phone it scrolls sideways, the current page is brought
 * into view and marked (`aria-current`), and an arrow at an edge says more pages lie that way. Links in a list, so the
 * keyboard goes through them with Tab and a screen reader counts them.
 */
function ConsoleNav({ role }: { role: StaffRole }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (current) {
      const left = current.offsetLeft;
      const right = left + current.offsetWidth;
      if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = left - (row.clientWidth - current.offsetWidth) / 2;
      }
    }
    const measure = () =>
      setMore({
        before: row.scrollLeft > 1,
        after: row.scrollLeft + row.clientWidth < row.scrollWidth - 1,
      });
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [pathname]);

  return (
    <nav className={nav.nav} aria-label="Console">
      <ul className={nav.list} ref={list}>
        {CONSOLE_ROUTES.filter((route) => route.label && mayOpen(route, role)).map((route) => (
          <li key={route.path}>
            <NavLink to={route.path} end={route.path === '/'} className={nav.link}>
              {route.label}
              {route.badge && <route.badge />}
            </NavLink>
          </li>
        ))}
      </ul>
      {more.before && (
        <span className={`${nav.more} ${nav.moreBefore}`} aria-hidden="true" data-testid="nav-more-before">
          ‹
        </span>
      )}
      {more.after && (
        <span className={`${nav.more} ${nav.moreAfter}`} aria-hidden="true" data-testid="nav-more-after">
          ›
        </span>
      )}
    </nav>
  );
}
