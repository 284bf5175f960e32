/** docs/spec.md §9: the colour list, in the order the select shows it; each name is also the value sent. */
export const VEHICLE_COLORS = [
  /*i18n*/ 'Black',
  /*i18n*/ 'White',
  /*i18n*/ 'Silver',
  /*i18n*/ 'Gray',
  /*i18n*/ 'Red',
  /*i18n*/ 'Blue',
  /*i18n*/ 'Dark Blue',
  /*i18n*/ 'Light Blue',
  /*i18n*/ 'Green',
  /*i18n*/ 'Dark Green',
  /*i18n*/ 'Gold',
  /*i18n*/ 'Brown',
  /*i18n*/ 'Beige',
  /*i18n*/ 'Orange',
  /*i18n*/ 'Yellow',
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
