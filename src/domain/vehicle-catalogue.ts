/** `GET /api/vehicles` (docs/spec.md §3 vehicle catalogue response). */
export interface VehicleCatalogue {
  results: VehicleMake[];
}

export interface VehicleMake {
  make: string;
  models: string[];
}
