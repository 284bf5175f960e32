import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { FIRST_RUN_STEPS, type FirstRunStep } from '../../../domain/first-run';
import type { StaffMember } from '../../../domain/staff';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { firstRunQuery } from '../api';
import local from './first-run-steps.module.css';

/** Each step: the page that does it, and what doing it gives the owner. */
const STEPS: Record<FirstRunStep, { to: string; link: string; why: string }> = {
  sitesNamed: {
    to: '/sites',
    link: 'Name your sites',
    why: 'Every list and figure shows a site by its name, not the id its point-of-sale sends.',
  },
  managerAdded: {
    to: '/staff',
    link: 'Add a manager',
    why: 'A manager issues codes and follows up cases at their own sites.',
  },
  keyMade: {
    to: '/api-keys',
    link: 'Make a till key',
    why: 'Each till issues codes with its own key, allowed only that.',
  },
  codeIssued: {
    to: '/issue',
    link: 'Issue a first code',
    why: 'A customer opens its link and completes their profile: members, feedback and figures follow.',
  },
};

const dismissedKey = (staffId: string) => `club-profile.first-run-dismissed.${staffId}`;

/**
 * A new owner's first steps on the dashboard, each with its link and whether it is done (the server says so: the demo
 * code counts for nothing). Gone once all are done, or once the owner hides them (remembered in this browser).
 */
export function FirstRunSteps() {
  const staff = useOutletContext<StaffMember>();
  const isOwner = staff.role === 'owner';
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(staff.id)) === 'yes');
  const { data } = useQuery({ ...firstRunQuery, enabled: isOwner && !dismissed });
  if (!isOwner || dismissed || !data) return null;
  const done = FIRST_RUN_STEPS.filter((step) => data.steps[step]).length;
  if (done === FIRST_RUN_STEPS.length) return null;

  return (
    <section className={styles.card} aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">First steps</h2>
      <p className={styles.muted}>
        {done} of {FIRST_RUN_STEPS.length} done. The figures below fill in as customers complete their profiles.
      </p>
      <ol className={local.steps}>
        {FIRST_RUN_STEPS.map((step) => (
          <li key={step} className={local.step} data-done={data.steps[step]}>
            <span className={local.mark} aria-hidden="true">
              {data.steps[step] ? '✓' : ''}
            </span>
            <span>
              <Link to={STEPS[step].to}>{STEPS[step].link}</Link>
              <span className={local.state}>{data.steps[step] ? ' Done' : ' To do'}</span>
              <span className={local.why}>{STEPS[step].why}</span>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={buttons.secondary}
        onClick={() => {
          localStorage.setItem(dismissedKey(staff.id), 'yes');
          setDismissed(true);
        }}
      >
        Hide these steps
      </button>
    </section>
  );
}
