import { describe, expect, it } from 'vitest';
import {
  acceptedVehicleYearRange,
  SELECT_PLACEHOLDER,
  VEHICLE_COLORS,
  vehicleYears,
} from '../../../src/domain/vehicle-options';
import { specItem } from '../../support/spec-text';

describe('the vehicle options of docs/spec.md §9', () => {
  it('lists the current year and the 49 before it, newest first', () => {
    const years = vehicleYears(new Date(2026, 5, 15));
    expect(years).toHaveLength(50);
    expect(years.slice(0, 3)).toEqual([2026, 2025, 2024]);
    expect(years.at(-1)).toBe(1977);
  });

  it('accepts one year more than it lists, for next year’s models', () => {
    expect(acceptedVehicleYearRange(new Date(2026, 5, 15))).toEqual({ min: 1977, max: 2027 });
  });

  it('offers the colours of docs/spec.md §9, in its order', () => {
    const spec = specItem('Colours, in order:').replace('Colours, in order: ', '').replace(/\.$/, '').split(', ');
    expect(spec).toHaveLength(15);
    expect(VEHICLE_COLORS).toEqual(spec);
  });

  it('starts every select with "Please select..."', () => {
    expect(SELECT_PLACEHOLDER).toBe('Please select...');
  });
});
