import { queryOptions } from '@tanstack/react-query';
import type { VehicleCatalogue } from '../domain/vehicle-catalogue';
import { api } from './client';

function fetchVehicles(signal?: AbortSignal): Promise<VehicleCatalogue> {
  return api.get('vehicles', { signal }).json<VehicleCatalogue>();
}

export const vehiclesQuery = () =>
  queryOptions({
    queryKey: ['vehicles'],
    queryFn: ({ signal }) => fetchVehicles(signal),
    staleTime: 60 * 60 * 1000,
  });
