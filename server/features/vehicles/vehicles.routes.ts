import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { vehicleCatalogueSchema, type VehicleCatalogue, type VehicleMake } from '../../../src/domain/vehicle-catalogue';
import { productKey } from '../../platform/access/product-key';
import type { Db } from '../../platform/db/client';
import { vehicleModels } from '../../platform/db/schema';
import { describe } from '../../platform/http/route-description';

// One collator for every comparison: `localeCompare` with options builds one per call (8 ms per request).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: string, b: string) => collator.compare(a, b);

/**
 * The catalogue's answer, made once: its JSON as bytes (a string body would be encoded again on every answer, 20 kB
 * each time), compressed both ways, and the ETag of the JSON.
 */
interface CatalogueAnswer {
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  brotli: Uint8Array<ArrayBuffer>;
  etag: string;
}

async function catalogueAnswer(db: Db): Promise<CatalogueAnswer> {
  const rows = await db.select().from(vehicleModels);
  const byMake = new Map<string, string[]>();
  for (const { make, model } of rows) {
    const models = byMake.get(make) ?? [];
    models.push(model);
    byMake.set(make, models);
  }
  const results: VehicleMake[] = [...byMake]
    .map(([make, models]) => ({ make, models: models.sort(byName) }))
    .sort((a, b) => byName(a.make, b.make));
  const json = JSON.stringify({ results } satisfies VehicleCatalogue);
  return {
    json: new Uint8Array(Buffer.from(json)),
    gzip: new Uint8Array(gzipSync(json, { level: 9 })),
    brotli: new Uint8Array(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or the weak form of it). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });

/**
 * `GET /api/vehicles`: the catalogue, sorted as people read it ("3 Series" before "X5"), cacheable by ETag. Nothing
 * changes it while the server runs (it is seeded once, from server/features/vehicles/data), so its answer is made on the first request
 * and served from memory, compressed once rather than on every request.
 */
export function vehicleRoutes(deps: {
  db: Db;
  /** API_KEY: the customer app's. */
  apiKey: string;
}): Hono {
  const app = new Hono();
  let answer: Promise<CatalogueAnswer> | undefined;

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
    }),
    productKey(deps.apiKey),
    async (c) => {
      // A failed read (the database away) is not kept: the next request tries again.
      answer ??= catalogueAnswer(deps.db).catch((error: unknown) => {
        answer = undefined;
        throw error;
      });
      const { json, gzip, brotli, etag } = await answer;
      c.header('Cache-Control', 'public, max-age=3600');
      c.header('ETag', etag);
      c.header('Vary', 'Accept-Encoding');
      if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
      const accepted = c.req.header('Accept-Encoding') ?? '';
      c.header('Content-Type', 'application/json');
      if (/\bbr\b/.test(accepted)) {
        c.header('Content-Encoding', 'br');
        return c.body(brotli);
      }
      if (/\bgzip\b/.test(accepted)) {
        c.header('Content-Encoding', 'gzip');
        return c.body(gzip);
      }
      return c.body(json);
    },
  );

  return app;
}
