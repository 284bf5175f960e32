import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';
import {
  ALWAYS_SENT_EVENT_TYPES,
  DELIVERY_STATUSES,
  newWebhookEndpointSchema,
  SENT_EVENT_TYPES,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  webhookEndpointChangeSchema,
} from '../../../src/domain/webhooks';

const URL_MESSAGE = 'Enter the full address of the receiver, such as https://pos.example.com/hooks/club';

describe('the events a receiver gets', () => {
  it('offers five to subscribe to, always sends member.erased and the SMS opt-outs, and tests with webhook.test', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'registration.issued',
      'registration.completed',
      'survey.submitted',
      'follow_up.opened',
      'follow_up.resolved',
    ]);
    expect(ALWAYS_SENT_EVENT_TYPES).toEqual(['member.erased', 'member.sms_opted_out', 'member.sms_opted_in']);
    expect(SENT_EVENT_TYPES).toEqual([
      'registration.issued',
      'registration.completed',
      'survey.submitted',
      'follow_up.opened',
      'follow_up.resolved',
      'member.erased',
      'member.sms_opted_out',
      'member.sms_opted_in',
    ]);
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
    expect(DELIVERY_STATUSES).toEqual(['pending', 'delivered', 'failed']);
  });

  it('words the messages of the endpoint form', () => {
    expect(WEBHOOK_MESSAGES).toEqual({
      url: URL_MESSAGE,
      httpsOnly: 'Use an https:// address',
      privateAddress: 'This address is on a private network; set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow it',
      eventTypes: 'Choose at least one event',
      descriptionLength: 'Use at most 80 characters for the description',
    });
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
    [{ description: 'd'.repeat(81) }, { description: 'Use at most 80 characters for the description' }],
    [{ description: 'line\u0000' }, { description: UNSUPPORTED_CHARACTERS }],
    [{ eventTypes: [] }, { eventTypes: 'Choose at least one event' }],
    [{ eventTypes: 'survey.submitted' }, { eventTypes: 'Choose at least one event' }],
    [{ eventTypes: ['member.erased'] }, { 'eventTypes.0': 'Choose at least one event' }],
    [{ eventTypes: ['survey.submitted', 'webhook.test'] }, { 'eventTypes.1': 'Choose at least one event' }],
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
    [{ eventTypes: [] }, { eventTypes: 'Choose at least one event' }],
  ])('refuses %j with %j', (input, errors) => {
    expect(validate(webhookEndpointChangeSchema, input)).toEqual({ ok: false, errors });
  });
});
