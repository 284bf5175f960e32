import { describe, expect, it } from 'vitest';
import { FEEDBACK_DEFAULTS } from '../../../../src/domain/invitations';
import type { Site } from '../../../../src/domain/sites';
import { siteChoices } from '../../../../src/console/sites/site-choices';

const site = (id: string, name: string, extra: Partial<Site> = {}): Site => ({
  id,
  name,
  address: '',
  timeZone: 'America/Chicago',
  smsWindow: { start: '08:00', end: '21:00' },
  reviewUrl: null,
  active: true,
  ...FEEDBACK_DEFAULTS,
  named: true,
  ...extra,
});

/** As the server lists them: by name. */
const SITES = [
  site('12', 'Harbor Road'),
  site('7', 'Main Street'),
  site('9', 'Old Mill', { active: false }),
  site('42', 'Site 42', { named: false }),
];

describe('the sites a picker offers', () => {
  it('for something new: the active sites by name, in the list’s order, their ids as the values', () => {
    expect(siteChoices(SITES, 'new')).toEqual([
      { value: '12', label: 'Harbor Road' },
      { value: '7', label: 'Main Street' },
      { value: '42', label: 'Site 42' },
    ]);
  });

  it('for something new, keeps an inactive site already chosen, marked, so it can be taken off', () => {
    expect(siteChoices(SITES, 'new', ['9', '7'])).toEqual([
      { value: '12', label: 'Harbor Road' },
      { value: '7', label: 'Main Street' },
      { value: '9', label: 'Old Mill (inactive)' },
      { value: '42', label: 'Site 42' },
    ]);
  });

  it('as a filter: every site, the inactive ones marked', () => {
    expect(siteChoices(SITES, 'filter', [''])).toEqual([
      { value: '12', label: 'Harbor Road' },
      { value: '7', label: 'Main Street' },
      { value: '9', label: 'Old Mill (inactive)' },
      { value: '42', label: 'Site 42' },
    ]);
  });

  it('offers a chosen id the list does not hold under its readable id, once, after the others', () => {
    expect(siteChoices(SITES, 'filter', ['e2e-x', 'e2e-x']).slice(-2)).toEqual([
      { value: '42', label: 'Site 42' },
      { value: 'e2e-x', label: 'Site e2e-x' },
    ]);
    // While the list loads, what is chosen is still shown as itself, never as nothing or as another site.
    expect(siteChoices(undefined, 'new', ['7'])).toEqual([{ value: '7', label: 'Site 7' }]);
    expect(siteChoices(undefined, 'filter')).toEqual([]);
  });

  it('tells two sites of one name apart by their ids', () => {
    const twins = [site('3', 'Downtown'), site('4', 'Downtown', { active: false }), site('5', 'Uptown')];
    expect(siteChoices(twins, 'filter')).toEqual([
      { value: '3', label: 'Downtown (3)' },
      { value: '4', label: 'Downtown (4) (inactive)' },
      { value: '5', label: 'Uptown' },
    ]);
    // Only names offered together clash: the inactive twin is not offered for something new.
    expect(siteChoices(twins, 'new').map((choice) => choice.label)).toEqual(['Downtown', 'Uptown']);
  });
});
