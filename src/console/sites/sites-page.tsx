import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useOutletContext } from 'react-router-dom';
import type { StaffMember } from '../../domain/staff';
import styles from '../console.module.css';
import { sitesQuery } from './api';
import { AddSiteForm } from './components/add-site-form';
import { EditSiteForm } from './components/edit-site-form';
import { SiteEntry } from './components/site-entry';
import local from './sites.module.css';
import { unnamedFirst } from './unnamed-first';

/**
 * `/admin/sites`: the places that sell memberships, by name. Owners name the sites the point-of-sale made (listed
 * first, marked), add sites before their first sale, and change or deactivate them; a manager reads their own.
 */
export function SitesPage() {
  const staff = useOutletContext<StaffMember>();
  const isOwner = staff.role === 'owner';
  const sites = useQuery(sitesQuery);
  const [changing, setChanging] = useState<string | null>(null);
  const list = sites.data ? (isOwner ? unnamedFirst(sites.data.results) : sites.data.results) : [];
  const waiting = list.filter((site) => !site.named).length;

  /** Back to the list, the focus on the button that opened the form (the list may have re-ordered). */
  const close = (id: string) => {
    flushSync(() => setChanging(null));
    document.getElementById(`change-site-${id}`)?.focus();
  };

  return (
    <>
      <h1>Sites</h1>
      <section className={styles.card} aria-labelledby="sites-heading">
        <h2 id="sites-heading">{isOwner ? 'Every site' : 'Your sites'}</h2>
        <p className={styles.muted}>
          {isOwner
            ? 'Each site is known by the id its point-of-sale sends. A site it sends for the first time is listed under that id ("Site 12") until you name it.'
            : 'The sites you work for. Only an owner can change them.'}
        </p>
        {isOwner && waiting > 0 && (
          <p>
            <strong>{waiting === 1 ? '1 site needs a name' : `${waiting} sites need a name`}</strong>: they are listed
            first.
          </p>
        )}
        {sites.isPending && <p>Loading...</p>}
        {sites.isError && <p className={styles.alert}>The sites could not be loaded.</p>}
        {sites.data?.results.length === 0 && (
          <p className={styles.muted}>
            {isOwner
              ? 'No site yet. Each place that sells memberships shows here by name: add one with the form below, or issue a code for one and it shows here to be named.'
              : 'No site is yours yet: an owner chooses your sites on the Staff page.'}
          </p>
        )}
        <ul className={styles.endpointList} aria-label="Sites">
          {list.map((site) => (
            <li key={site.id} className={`${styles.endpoint} ${isOwner && !site.named ? local.unnamed : ''}`}>
              {changing === site.id ? (
                <EditSiteForm site={site} onClose={() => close(site.id)} />
              ) : (
                <SiteEntry site={site} onChange={isOwner ? () => setChanging(site.id) : null} />
              )}
            </li>
          ))}
        </ul>
      </section>
      {isOwner && <AddSiteForm />}
    </>
  );
}
