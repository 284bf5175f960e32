import { useEffect, useState } from 'react';
import { loadedVehicleCatalogue, vehicleCatalogue } from '../../api/vehicles';
import type { VehicleMake } from '../../domain/vehicle-catalogue';

interface CatalogueState {
  makes: readonly VehicleMake[];
  /** Every try failed: the make list says so. */
  failed: boolean;
}

/**
 * The catalogue for the vehicle fields, asked for when they first show (docs/spec.md §7). The server's render has
 * none, and so has the first render in the browser, which takes that HTML over: the lists fill in once it arrives.
 */
export function useVehicleCatalogue(): CatalogueState {
  const [state, setState] = useState<CatalogueState>(() => ({
    makes: loadedVehicleCatalogue()?.results ?? [],
    failed: false,
  }));
  useEffect(() => {
    let shown = true;
    vehicleCatalogue().then(
      (catalogue) => shown && setState({ makes: catalogue.results, failed: false }),
      () => shown && setState({ makes: [], failed: true }),
    );
    return () => {
      shown = false;
    };
  }, []);
  return state;
}
