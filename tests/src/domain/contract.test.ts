import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/*
 * The shapes the API publishes. Every valibot schema src/domain exports is what a caller reads in
 * /api/openapi.json (request bodies, queries, answers, webhook payloads): its fields, types, limits, patterns,
 * choices and descriptions. Each module's schemas are recorded in contract/<module>.json, so a change to what
 * callers rely on is a reviewed diff, never a side effect. After a deliberate change: `npx vitest run -u` and
 * read the diff.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../src/domain/*.ts', { eager: true });

const isSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

/** As the API description converts them; what JSON Schema cannot say (a transform, a custom check) is left out. */
function published(schema: v.GenericSchema) {
  const { $schema: _dialect, ...shape } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  });
  return shape;
}

const withSchemas = Object.entries(modules)
  .map(([path, exports]) => ({
    module: /([\w-]+)\.ts$/.exec(path)![1]!,
    schemas: Object.fromEntries(
      Object.entries(exports)
        .filter(([, value]) => isSchema(value))
        .map(([name, schema]) => [name, published(schema as v.GenericSchema)]),
    ),
  }))
  .filter(({ schemas }) => Object.keys(schemas).length > 0);

describe('the published API shapes', () => {
  it('come from the domain modules that declare the records', () => {
    expect(withSchemas.map(({ module }) => module)).toEqual(
      expect.arrayContaining(['customer', 'customer-views', 'registration', 'survey', 'webhook-payloads', 'webhooks']),
    );
  });

  it.each(withSchemas)('$module: as recorded in contract/$module.json', async ({ module, schemas }) => {
    await expect(`${JSON.stringify(schemas, null, 2)}\n`).toMatchFileSnapshot(`contract/${module}.json`);
  });
});
