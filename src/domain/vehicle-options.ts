/** docs/spec.md §9: the colour list, in the order the select shows it. */
export const VEHICLE_COLORS = [
  'Black',
  'White',
  'Silver',
  'Gray',
  'Red',
  'Blue',
  'Dark Blue',
  'Light Blue',
  'Green',
  'Dark Green',
  'Gold',
  'Brown',
  'Beige',
  'Orange',
  'Yellow',
] as const;

export type VehicleColor = (typeof VEHICLE_COLORS)[number];

const VEHICLE_YEAR_COUNT = 50;

/** docs/spec.md §9: the current year and the 49 before it, newest first. */
export function vehicleYears(today: Date = new Date()): number[] {
  const current = today.getFullYear();
  return Array.from({ length: VEHICLE_YEAR_COUNT }, (_, index) => current - index);
}

/**
 * The years the API accepts. One wider than the list at the top, because next year's models are on sale from
 * the autumn and a server in another time zone may already be in the new year.
 */
export function acceptedVehicleYearRange(today: Date = new Date()): { min: number; max: number } {
  const current = today.getFullYear();
  return { min: current - (VEHICLE_YEAR_COUNT - 1), max: current + 1 };
}

/** What the "Please select..." option of every select shows. */
export const SELECT_PLACEHOLDER = 'Please select...';
