import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  followUpOpenedDataSchema,
  followUpPayloadSchema,
  followUpResolvedDataSchema,
  memberErasedDataSchema,
  WEBHOOK_DATA_SCHEMAS,
  webhookEnvelopeSchema,
} from '../../../src/domain/webhook-payloads';
import { SENT_EVENT_TYPES } from '../../../src/domain/webhooks';

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

  it('has a data schema for every event a receiver can get, and for nothing else', () => {
    expect(Object.keys(WEBHOOK_DATA_SCHEMAS)).toEqual([...SENT_EVENT_TYPES]);
  });
});

describe('a follow-up case as receivers see it', () => {
  const followUp = {
    id: 'case-1',
    status: 'resolved',
    siteId: '7',
    surveyId: 'survey-1',
    memberId: 'customer-1',
    openedAt: '2026-11-25T07:00:00.000Z',
    dueAt: '2026-11-27T07:00:00.000Z',
    resolvedAt: '2026-11-26T07:00:00.000Z',
    rootCause: 'damage',
  };

  it('names the case, its site, survey and member by id, and its times and root cause', () => {
    expect(v.parse(followUpResolvedDataSchema, { followUp })).toEqual({ followUp });
    expect(
      v.parse(followUpOpenedDataSchema, {
        followUp: { ...followUp, status: 'open', resolvedAt: null, rootCause: null },
      }),
    ).toMatchObject({ followUp: { status: 'open', resolvedAt: null, rootCause: null } });
  });

  it('carries no contact detail of the member: ids, times, a status and a root cause only', () => {
    const keys = Object.keys(followUpPayloadSchema.entries);
    expect(keys.filter((key) => /name|email|phone|mobile|address|comment/i.test(key))).toEqual([]);
    expect(keys).toContain('memberId');
  });

  it.each([[{ status: 'closed' }], [{ rootCause: 'weather' }], [{ dueAt: 'tomorrow' }]])(
    'is not one with %j',
    (change) => {
      expect(v.is(followUpResolvedDataSchema, { followUp: { ...followUp, ...change } })).toBe(false);
    },
  );
});
