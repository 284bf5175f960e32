import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  memberErasedDataSchema,
  WEBHOOK_DATA_SCHEMAS,
  webhookEnvelopeSchema,
} from '../../../src/domain/webhook-payloads';

const erased = {
  customerIds: ['c-1'],
  registrationIds: ['r-1', 'r-2'],
  surveyIds: [],
  erasedAt: '2026-11-25T07:00:00.000Z',
};

describe('the body of a webhook delivery', () => {
  const schema = webhookEnvelopeSchema('member.erased', memberErasedDataSchema);
  const body = { type: 'member.erased', timestamp: '2026-11-25T07:00:01.000Z', version: 1, data: erased };

  it('is the event type, when it happened, version 1 and the data', () => {
    expect(v.parse(schema, body)).toEqual(body);
  });

  it.each([
    [{ type: 'registration.issued' }],
    [{ version: 2 }],
    [{ timestamp: 'now' }],
    [{ data: { ...erased, erasedAt: null } }],
  ])('is not one with %j', (change) => {
    expect(v.is(schema, { ...body, ...change })).toBe(false);
  });

  it('describes its time and version in the API description', () => {
    expect(v.getDescription(schema.entries.timestamp)).toBe('When the event happened.');
    expect(v.getDescription(schema.entries.version)).toBe(
      'The shape of `data`: fields are only added within a version.',
    );
  });

  it('has a data schema for every event a receiver can get', () => {
    expect(Object.keys(WEBHOOK_DATA_SCHEMAS)).toEqual([
      'registration.issued',
      'registration.completed',
      'survey.submitted',
      'member.erased',
    ]);
  });
});
