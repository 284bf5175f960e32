import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';
import {
  ALWAYS_SENT_EVENT_TYPES,
  newWebhookEndpointSchema,
  SENT_EVENT_TYPES,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  webhookEndpointChangeSchema,
} from '../../../src/domain/webhooks';

const URL_MESSAGE = WEBHOOK_MESSAGES.url;

describe('the events a receiver gets', () => {
  const subscribing = (eventTypes: string[]) =>
    validate(newWebhookEndpointSchema, { url: 'https://pos.example.com/h', eventTypes }).ok;

  it('are those an endpoint may subscribe to and those always sent, the test event apart', () => {
    expect(SENT_EVENT_TYPES).toEqual([...WEBHOOK_EVENT_TYPES, ...ALWAYS_SENT_EVENT_TYPES]);
    expect(WEBHOOK_EVENT_TYPES.filter((type) => (ALWAYS_SENT_EVENT_TYPES as readonly string[]).includes(type))).toEqual(
      [],
    );
    expect(SENT_EVENT_TYPES).not.toContain(TEST_EVENT_TYPE);
  });

  it('may be chosen one by one, except those always sent and the test event', () => {
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !subscribing([type]))).toEqual([]);
    expect([...ALWAYS_SENT_EVENT_TYPES, TEST_EVENT_TYPE].filter((type) => subscribing([type]))).toEqual([]);
  });
});

describe('a new webhook endpoint', () => {
  it('has its address and description trimmed and its events in the order they are listed, once each', () => {
    expect(
      validate(newWebhookEndpointSchema, {
        url: ' https://pos.example.com/hooks/club ',
        description: '  Till system ',
        eventTypes: ['survey.submitted', 'registration.issued', 'survey.submitted'],
      }),
    ).toEqual({
      ok: true,
      value: {
        url: 'https://pos.example.com/hooks/club',
        description: 'Till system',
        eventTypes: ['registration.issued', 'survey.submitted'],
      },
    });
  });

  it('has an empty description when none is given, and only the events chosen', () => {
    expect(
      validate(newWebhookEndpointSchema, { url: 'https://crm.example.com/in', eventTypes: ['registration.completed'] }),
    ).toEqual({
      ok: true,
      value: { url: 'https://crm.example.com/in', description: '', eventTypes: ['registration.completed'] },
    });
  });

  it('takes an address of 2000 characters', () => {
    const url = `https://example.com/${'a'.repeat(1980)}`;
    expect(validate(newWebhookEndpointSchema, { url, eventTypes: ['survey.submitted'] })).toMatchObject({
      ok: true,
      value: { url },
    });
  });

  it.each([
    [{ url: '   ' }, { url: URL_MESSAGE }],
    [{ url: 5 }, { url: URL_MESSAGE }],
    [{ url: 'pos.example.com/hooks' }, { url: URL_MESSAGE }],
    [{ url: `https://example.com/${'a'.repeat(1981)}` }, { url: URL_MESSAGE }],
    [{ description: 'd'.repeat(81) }, { description: WEBHOOK_MESSAGES.descriptionLength }],
    [{ description: 'line\u0000' }, { description: UNSUPPORTED_CHARACTERS }],
    [{ eventTypes: [] }, { eventTypes: WEBHOOK_MESSAGES.eventTypes }],
    [{ eventTypes: 'survey.submitted' }, { eventTypes: WEBHOOK_MESSAGES.eventTypes }],
    [{ eventTypes: ['member.erased'] }, { 'eventTypes.0': WEBHOOK_MESSAGES.eventTypes }],
    [{ eventTypes: ['survey.submitted', 'webhook.test'] }, { 'eventTypes.1': WEBHOOK_MESSAGES.eventTypes }],
  ])('refuses %j with %j', (fields, errors) => {
    expect(
      validate(newWebhookEndpointSchema, {
        url: 'https://pos.example.com/h',
        eventTypes: ['survey.submitted'],
        ...fields,
      }),
    ).toEqual({ ok: false, errors });
  });
});

describe("an owner's change to an endpoint", () => {
  it('may change nothing', () => {
    expect(validate(webhookEndpointChangeSchema, {})).toEqual({ ok: true, value: {} });
  });

  it('switches it off and sets what it hears, in the listed order', () => {
    expect(
      validate(webhookEndpointChangeSchema, {
        enabled: false,
        eventTypes: ['registration.completed', 'registration.issued'],
      }),
    ).toEqual({ ok: true, value: { enabled: false, eventTypes: ['registration.issued', 'registration.completed'] } });
  });

  it.each([
    [{ enabled: 'no' }, { enabled: 'Invalid type: Expected boolean but received "no"' }],
    [{ eventTypes: [] }, { eventTypes: WEBHOOK_MESSAGES.eventTypes }],
  ])('refuses %j with %j', (input, errors) => {
    expect(validate(webhookEndpointChangeSchema, input)).toEqual({ ok: false, errors });
  });
});
