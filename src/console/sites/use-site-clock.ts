import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { siteName, type Site } from '../../domain/sites';
import { accountSettingsQuery } from '../account/api';
import type { TextSite } from '../format';
import { atSite } from '../site-clock';
import { sitesQuery } from './api';

export interface SiteClock {
  /** The site's zone: its own, or DEFAULT_TIMEZONE for a site without one or a sign-up of no site. */
  zoneOf: (siteId: string | null) => string;
  /** An instant about the site's record, on its clock with the zone named (and the reader's where it differs). */
  at: (iso: string | null, siteId: string | null) => string;
  /** The site as listed, when the reader may see it. */
  siteOf: (siteId: string) => Site | undefined;
  nameOf: (siteId: string) => string;
  /** What a text's line says of its site: its name, clock and sending window. */
  textSite: (siteId: string) => TextSite;
  /** False until the site list has loaded: times wait for it rather than show another clock. */
  ready: boolean;
}

/**
 * Every console time about a site's record reads the zone from the one site list (`GET /api/admin/sites`, which
 * carries each site's zone and the server's default), so a page shows it without asking for it again.
 */
export function useSiteClock(): SiteClock {
  const sites = useQuery(sitesQuery);
  return useMemo(() => {
    const list = sites.data?.results ?? [];
    const fallback = sites.data?.defaultTimeZone;
    const siteOf = (siteId: string) => list.find((site) => site.id === siteId);
    const zoneOf = (siteId: string | null) =>
      (siteId === null ? undefined : siteOf(siteId)?.timeZone) ?? fallback ?? 'UTC';
    return {
      zoneOf,
      siteOf,
      nameOf: (siteId: string) => siteName(list, siteId),
      textSite: (siteId: string) => ({
        name: siteName(list, siteId),
        timeZone: zoneOf(siteId),
        smsWindow: siteOf(siteId)?.smsWindow,
      }),
      at: (iso, siteId) => (sites.data ? atSite(iso, zoneOf(siteId)) : '…'),
      ready: sites.data !== undefined,
    };
  }, [sites.data]);
}

/**
 * Times about no one site (an API key's use, a webhook's delivery) on the reader's own zone setting, the clock their
 * all-sites figures count days on (DEFAULT_TIMEZONE while they have set none: decision 046), with the zone named and
 * the browser's clock beside it where it differs; a record of one site (a key of one site) is on that site's clock.
 */
export function useReaderClock(): { at: (iso: string | null, siteId?: string | null) => string } {
  const settings = useQuery(accountSettingsQuery);
  const sites = useSiteClock();
  return useMemo(() => {
    const zone = settings.data ? (settings.data.timeZone ?? settings.data.defaultTimeZone) : undefined;
    return {
      at: (iso, siteId) => {
        if (siteId) return sites.at(iso, siteId);
        return zone === undefined ? '…' : atSite(iso, zone);
      },
    };
  }, [settings.data, sites]);
}
