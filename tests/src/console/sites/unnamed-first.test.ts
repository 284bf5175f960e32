import { describe, expect, it } from 'vitest';
import { unnamedFirst } from '../../../../src/console/sites/unnamed-first';

describe("an owner's list of sites", () => {
  it('puts the sites waiting for a name first, each part in the order given', () => {
    const sites = [
      { id: 'a', named: true },
      { id: 'b', named: false },
      { id: 'c', named: true },
      { id: 'd', named: false },
    ];
    expect(unnamedFirst(sites).map((site) => site.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sites.map((site) => site.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
