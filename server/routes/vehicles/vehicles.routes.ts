import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { vehicleCatalogueSchema } from '../../../src/domain/api-answers';
import type { VehicleCatalogue, VehicleMake } from '../../../src/domain/vehicle-catalogue';
import type { Db } from '../../db/client';
import { vehicleModels } from '../../db/schema';
import { describe } from '../../lib/route-description';

// One collator for every comparison: `localeCompare` with options builds one per call (8 ms per request).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: string, b: string) => collator.compare(a, b);

/** `GET /api/vehicles`: the catalogue, sorted as people read it ("3 Series" before "X5"), cacheable by ETag. */
export function vehicleRoutes(deps: { db: Db }): Hono {
  const app = new Hono();
  app.use('*', etag());

  app.get(
    '/',
    describe({
      summary: 'The vehicle makes and models the form offers',
      answers: {
        200: {
          description: 'The catalogue, sorted; 304 when the If-None-Match ETag still holds.',
          body: vehicleCatalogueSchema,
        },
      },
      refusals: ['unauthorized'],
      access: 'apiKey',
    }),
    async (c) => {
      const rows = await deps.db.select().from(vehicleModels);
      const byMake = new Map<string, string[]>();
      for (const { make, model } of rows) {
        const models = byMake.get(make) ?? [];
        models.push(model);
        byMake.set(make, models);
      }
      const results: VehicleMake[] = [...byMake]
        .map(([make, models]) => ({ make, models: models.sort(byName) }))
        .sort((a, b) => byName(a.make, b.make));
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({ results } satisfies VehicleCatalogue);
    },
  );

  return app;
}
