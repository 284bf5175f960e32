import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { newSiteSchema, Site, SiteList, siteChangeSchema } from '../../domain/sites';
import { ADMIN_KEY, getJson, sendJson } from '../client';

/** What the forms send: the schemas' input, checked by the server with the same schemas. */
export type NewSiteBody = v.InferInput<typeof newSiteSchema>;
export type SiteChangeBody = v.InferInput<typeof siteChangeSchema>;

export const sitesKey = [...ADMIN_KEY, 'sites'] as const;

/**
 * The sites the signed-in staff member may see, by name (a manager: their own). The Sites page, every site picker
 * and every site name on the other pages read this one list.
 */
export const sitesQuery = queryOptions({
  queryKey: sitesKey,
  queryFn: () => getJson<SiteList>('admin/sites'),
});

/** An owner's new site; a refusal throws its message and field messages (`id` when the id is taken). */
export const createSite = async (json: NewSiteBody) => (await sendJson<Site>('post', 'admin/sites', json))!;

/** An owner's change to a site: only what changed, since giving a name marks the site named. */
export const updateSite = async (id: string, json: SiteChangeBody) =>
  (await sendJson<Site>('patch', `admin/sites/${encodeURIComponent(id)}`, json))!;
