import { describe, expect, it } from 'vitest';
import { US_STATE_CODES, US_STATES } from '../../../src/domain/us-states';

describe('the states of docs/spec.md §5', () => {
  it('lists the 50 states and DC by name, valued by abbreviation, in alphabetical order of name', () => {
    const names = US_STATES.map((state) => state.label);
    expect(names).toHaveLength(51);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(US_STATES.filter((state) => !/^[A-Z]{2}$/.test(state.value))).toEqual([]);
    expect(new Set(US_STATES.map((state) => state.value)).size).toBe(51);
    expect(US_STATES).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expect(US_STATES).toContainEqual({ value: 'IL', label: 'Illinois' });
  });

  it('offers the abbreviations as the codes a form takes', () => {
    expect(US_STATE_CODES).toHaveLength(51);
    expect(US_STATE_CODES.slice(0, 3)).toEqual(['AL', 'AK', 'AZ']);
    expect(US_STATE_CODES.at(-1)).toBe('WY');
  });
});
