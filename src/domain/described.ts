import * as v from 'valibot';

/** A schema with the text the API description gives it. */
export const described = <TSchema extends v.GenericSchema>(schema: TSchema, text: string) =>
  v.pipe(schema, v.description(text));

export const timestamp = (text: string) => described(v.pipe(v.string(), v.isoTimestamp()), text);
export const timestampOrNull = (text: string) => v.nullable(timestamp(text));
