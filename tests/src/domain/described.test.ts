import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { described, timestamp, timestampOrNull } from '../../../src/domain/described';

describe('a described schema', () => {
  it('validates as the schema it describes and carries its text', () => {
    const schema = described(v.number(), 'A count.');
    expect(v.parse(schema, 3)).toBe(3);
    expect(v.is(schema, '3')).toBe(false);
    expect(v.getDescription(schema)).toBe('A count.');
  });

  it('is an ISO timestamp for a time', () => {
    const schema = timestamp('When it happened.');
    expect(v.parse(schema, '2026-11-25T07:00:00.000Z')).toBe('2026-11-25T07:00:00.000Z');
    expect(v.is(schema, 'yesterday')).toBe(false);
    expect(v.is(schema, null)).toBe(false);
    expect(v.getDescription(schema)).toBe('When it happened.');
  });

  it('is an ISO timestamp or null for a time that may not have come', () => {
    const schema = timestampOrNull('When it was opened.');
    expect(v.parse(schema, null)).toBeNull();
    expect(v.parse(schema, '2026-11-25T07:00:00Z')).toBe('2026-11-25T07:00:00Z');
    expect(v.is(schema, '2026-11-25')).toBe(false);
  });
});
