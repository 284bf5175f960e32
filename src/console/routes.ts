import { lazy, type ComponentType } from 'react';
import type { StaffRole } from '../domain/staff';
import { OpenCount } from './follow-ups/components/open-count';

/** A console page: where it is (under /admin), its name in the navigation, who may open it, and the page. */
export interface ConsoleRoute {
  path: string;
  /** The browser tab's title, before " · Club Profile console". */
  title: string;
  /** Its entry in the navigation; a page without one is reached by a link (a member, your account). */
  label?: string;
  /** The roles that see it in the navigation and may open it; anyone else is sent to the dashboard. */
  roles: readonly StaffRole[];
  page: ComponentType;
  /** Shown after the label in the navigation (a count of what waits there); it loads its own data. */
  badge?: ComponentType;
}

const everyone = ['owner', 'manager'] as const;
const owners = ['owner'] as const;

/**
 * Every page inside the console's shell, in the navigation's order: the router, the navigation and the page guards
 * all read this table, so a new page is one entry here and one folder beside it. Sign-in is the shell's door, not
 * one of its pages (console-app.tsx). Each page loads when first opened: a manager's phone at the counter needs the
 * issue page, not the charts. The server checks every request again; this only spares a role pages it may not use.
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    label: 'Dashboard',
    roles: everyone,
    page: lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  },
  {
    path: '/members',
    title: 'Members',
    label: 'Members',
    roles: everyone,
    page: lazy(() => import('./members/members-page').then((m) => ({ default: m.MembersPage }))),
  },
  {
    path: '/members/:id',
    title: 'Member',
    roles: everyone,
    page: lazy(() => import('./members/member-page').then((m) => ({ default: m.MemberPage }))),
  },
  {
    path: '/feedback',
    title: 'Feedback',
    label: 'Feedback',
    roles: everyone,
    page: lazy(() => import('./feedback/feedback-page').then((m) => ({ default: m.FeedbackPage }))),
  },
  {
    path: '/follow-ups',
    title: 'Follow-ups',
    label: 'Follow-ups',
    roles: everyone,
    page: lazy(() => import('./follow-ups/follow-ups-page').then((m) => ({ default: m.FollowUpsPage }))),
    badge: OpenCount,
  },
  {
    path: '/follow-ups/:id',
    title: 'Follow-up case',
    roles: everyone,
    page: lazy(() => import('./follow-ups/follow-up-page').then((m) => ({ default: m.FollowUpPage }))),
  },
  {
    path: '/issue',
    title: 'Issue a code',
    label: 'Issue a code',
    roles: everyone,
    page: lazy(() => import('./issue/issue-page').then((m) => ({ default: m.IssuePage }))),
  },
  {
    path: '/sites',
    title: 'Sites',
    label: 'Sites',
    roles: everyone,
    page: lazy(() => import('./sites/sites-page').then((m) => ({ default: m.SitesPage }))),
  },
  {
    path: '/staff',
    title: 'Staff',
    label: 'Staff',
    roles: owners,
    page: lazy(() => import('./staff/staff-page').then((m) => ({ default: m.StaffPage }))),
  },
  {
    path: '/audit',
    title: 'Audit log',
    label: 'Audit log',
    roles: owners,
    page: lazy(() => import('./audit/audit-page').then((m) => ({ default: m.AuditPage }))),
  },
  {
    path: '/integrations',
    title: 'Integrations',
    label: 'Integrations',
    roles: owners,
    page: lazy(() => import('./integrations/integrations-page').then((m) => ({ default: m.IntegrationsPage }))),
  },
  {
    path: '/api-keys',
    title: 'API keys',
    label: 'API keys',
    roles: owners,
    page: lazy(() => import('./api-keys/api-keys-page').then((m) => ({ default: m.ApiKeysPage }))),
  },
  {
    path: '/account',
    title: 'Your account',
    roles: everyone,
    page: lazy(() => import('./account/account-page').then((m) => ({ default: m.AccountPage }))),
  },
];

/** Whether a staff member of `role` may open `route`. */
export const mayOpen = (route: ConsoleRoute, role: StaffRole) => route.roles.includes(role);
