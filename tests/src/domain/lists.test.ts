import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../../src/domain/us-states';
import { vehicleYears } from '../../../src/domain/vehicle-options';

describe('the lists of docs/spec.md §5 and §9', () => {
  it('has the 50 states and DC, no territories', () => {
    const codes = US_STATES.map((s) => s.value);
    expect(codes).toHaveLength(51);
    expect(codes).toContain('DC');
    for (const territory of ['PR', 'GU', 'VI', 'AS', 'MP']) expect(codes).not.toContain(territory);
    expect(US_STATES.find((s) => s.value === 'DC')?.label).toBe('District of Columbia');
  });

  it('has the current year and the 49 before it, newest first', () => {
    const years = vehicleYears(new Date('2026-11-22T12:00:00'));
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1977);
  });
});
