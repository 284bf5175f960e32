import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, type DataLayer } from '../../../../src/lib/analytics/analytics';
import { splitCampaign } from '../../../../src/lib/analytics/campaign';

const entries = (dataLayer: DataLayer) => dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('analytics', () => {
  it('loads nothing and records nothing without a measurement id', () => {
    const dataLayer: DataLayer = [];
    const loadScript = vi.fn();
    const analytics = createAnalytics({ measurementId: '', origin: 'https://club.example', dataLayer, loadScript });
    analytics.pageView({ path: '/', title: 'Club Membership Profile', campaign: {} });
    expect(loadScript).not.toHaveBeenCalled();
    expect(dataLayer).toEqual([]);
  });

  it('configures gtag with no automatic page view and the IP anonymised, then loads it', () => {
    const dataLayer: DataLayer = [];
    const loadScript = vi.fn();
    createAnalytics({ measurementId: 'G-ABC123', origin: 'https://club.example', dataLayer, loadScript });
    expect(entries(dataLayer)).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-ABC123', { send_page_view: false, anonymize_ip: true }],
    ]);
    expect(loadScript).toHaveBeenCalledWith('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    expect(JSON.stringify(entries(dataLayer))).not.toContain('consent');
  });

  it('sends each page view with its path, title and campaign, after setting the location for later hits', () => {
    const dataLayer: DataLayer = [];
    const analytics = createAnalytics({
      measurementId: 'G-ABC123',
      origin: 'https://club.example',
      dataLayer,
      loadScript: () => undefined,
    });
    analytics.pageView({
      path: '/',
      title: 'Club Membership Profile',
      campaign: { campaign_source: 'sms', campaign_name: 'welcome' },
    });
    analytics.pageView({ path: '/thank-you', title: 'Club Membership Profile Complete', campaign: {} });
    expect(entries(dataLayer).slice(2)).toEqual([
      ['set', { page_location: 'https://club.example/', page_path: '/', page_title: 'Club Membership Profile' }],
      [
        'event',
        'page_view',
        {
          page_location: 'https://club.example/',
          page_path: '/',
          page_title: 'Club Membership Profile',
          campaign_source: 'sms',
          campaign_name: 'welcome',
        },
      ],
      [
        'set',
        {
          page_location: 'https://club.example/thank-you',
          page_path: '/thank-you',
          page_title: 'Club Membership Profile Complete',
        },
      ],
      [
        'event',
        'page_view',
        {
          page_location: 'https://club.example/thank-you',
          page_path: '/thank-you',
          page_title: 'Club Membership Profile Complete',
        },
      ],
    ]);
  });
});

describe('campaign parameters', () => {
  it('takes every utm_ parameter out of the query and keeps the others', () => {
    expect(
      splitCampaign(
        '?id=SECRET-CODE&utm_source=sms&utm_medium=text&utm_campaign=welcome&utm_term=wash&utm_content=a&utm_id=42&utm_custom=x',
      ),
    ).toEqual({
      campaign: {
        campaign_source: 'sms',
        campaign_medium: 'text',
        campaign_name: 'welcome',
        campaign_term: 'wash',
        campaign_content: 'a',
        campaign_id: '42',
      },
      rest: '?id=SECRET-CODE',
    });
  });

  it('leaves a query without campaign parameters as it is', () => {
    expect(splitCampaign('?cid=c-1')).toEqual({ campaign: {}, rest: '?cid=c-1' });
    expect(splitCampaign('')).toEqual({ campaign: {}, rest: '' });
    expect(splitCampaign('?utm_source=sms')).toEqual({ campaign: { campaign_source: 'sms' }, rest: '' });
  });
});
