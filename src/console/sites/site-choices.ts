import { siteName, type Site } from '../../domain/sites';

export interface SiteChoice {
  value: string;
  label: string;
}

/**
 * The sites a picker offers, by name, in the list's order. Choosing for something new (a code, a staff member's or
 * a key's sites) offers active sites only, and keeps those already chosen that are not, so an inactive site can
 * still be taken off; a filter offers every site, inactive ones marked, so their history stays reachable. A chosen
 * id the list does not hold (a bookmarked filter, a list still loading) is offered under its readable id, never
 * shown as some other choice. Two sites of one name are told apart by their ids.
 */
export function siteChoices(
  sites: readonly Site[] | undefined,
  purpose: 'new' | 'filter',
  chosen: readonly string[] = [],
): SiteChoice[] {
  const list = sites ?? [];
  const offered = list.filter((site) => purpose === 'filter' || site.active || chosen.includes(site.id));
  const unknown = [...new Set(chosen)].filter((id) => id !== '' && !list.some((site) => site.id === id));
  const named = [...offered.map((site) => site.name), ...unknown.map((id) => siteName(undefined, id))];
  const shared = (name: string) => named.indexOf(name) !== named.lastIndexOf(name);
  return [
    ...offered.map((site) => ({
      value: site.id,
      label: `${site.name}${shared(site.name) ? ` (${site.id})` : ''}${site.active ? '' : ' (inactive)'}`,
    })),
    ...unknown.map((id) => ({ value: id, label: siteName(undefined, id) })),
  ];
}
