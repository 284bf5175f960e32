import * as v from 'valibot';

export const vehicleMakeSchema = v.object({ make: v.string(), models: v.array(v.string()) });
export type VehicleMake = v.InferOutput<typeof vehicleMakeSchema>;

/** `GET /api/vehicles` (docs/spec.md §3 vehicle catalogue response). */
export const vehicleCatalogueSchema = v.object({ results: v.array(vehicleMakeSchema) });
export type VehicleCatalogue = v.InferOutput<typeof vehicleCatalogueSchema>;
