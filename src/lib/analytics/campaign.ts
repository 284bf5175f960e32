/** docs/spec.md §7: campaign parameters start with `utm_`. GA4 reads them as these page-view parameters. */
const CAMPAIGN_FIELDS: Record<string, string> = {
  utm_source: 'campaign_source',
  utm_medium: 'campaign_medium',
  utm_campaign: 'campaign_name',
  utm_term: 'campaign_term',
  utm_content: 'campaign_content',
  utm_id: 'campaign_id',
};

export type Campaign = Record<string, string>;

/** The campaign data of a query string, and the query string without any `utm_` parameter. */
export function splitCampaign(search: string): { campaign: Campaign; rest: string } {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const [name, value] of [...params]) {
    if (!name.startsWith('utm_')) continue;
    const field = CAMPAIGN_FIELDS[name];
    if (field && value) campaign[field] = value;
    params.delete(name);
  }
  const rest = params.toString();
  return { campaign, rest: rest ? `?${rest}` : '' };
}
