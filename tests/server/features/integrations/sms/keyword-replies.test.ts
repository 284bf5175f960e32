import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from '../../../../../server/features/integrations/sms/keyword-reading';
import {
  keywordReply,
  twiml,
  type KeywordReplySettings,
} from '../../../../../server/features/integrations/sms/keyword-replies';

const TWILIO: KeywordReplySettings = {
  operatorName: 'Brightwater Car Wash',
  supportUrl: 'https://brightwater.example/help',
  optOut: 'twilio',
};
const APP: KeywordReplySettings = { ...TWILIO, optOut: 'app' };

/** Our reply to a text, as the webhook reads it: `optedOut` says whether this text put the number on the list. */
const replyTo = (body: string, settings: KeywordReplySettings, optedOut = true) =>
  keywordReply({ keyword: smsKeywordOf(body), optedOut }, body, settings);

describe('our reply to a texted keyword', () => {
  it('answers HELP without a support phone with the link, rates and how to stop, in its language', () => {
    expect(replyTo('HELP', TWILIO)).toBe(
      'Brightwater Car Wash: membership texts. Help: https://brightwater.example/help. Msg & data rates may apply. ' +
        'Reply STOP to opt out.',
    );
    expect(replyTo('ayuda', TWILIO)).toBe(
      'Brightwater Car Wash: mensajes de membresía. Ayuda: https://brightwater.example/help. Pueden aplicarse ' +
        'tarifas de mensajes y datos. Responda PARAR para no recibir más mensajes.',
    );
  });

  it('leaves a plain English STOP or START to Twilio, whose standard handling confirms it', () => {
    for (const body of ['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE!', 'quit'])
      expect(replyTo(body, TWILIO), body).toBeNull();
    for (const body of ['START', 'Yes', 'si', 'comenzar']) expect(replyTo(body, TWILIO, false), body).toBeNull();
  });

  it('confirms an opt-out Twilio does not read: Spanish, spaced, in look-alike letters, or within a sentence', () => {
    for (const body of ['OPT OUT', 'ЅТОР', 'ꜱᴛᴏᴘ', 'Please stop']) {
      expect(replyTo(body, TWILIO), body).toBe(
        'Brightwater Car Wash: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.',
      );
    }
    for (const body of ['PARAR', 'No más mensajes']) {
      expect(replyTo(body, TWILIO), body).toBe(
        'Brightwater Car Wash: se ha dado de baja y no recibirá más mensajes nuestros. Responda COMENZAR para volver ' +
          'a suscribirse.',
      );
    }
  });

  it('confirms an opt-out once: not again for a number that had already opted out', () => {
    expect(replyTo('Please stop', TWILIO, false)).toBeNull();
    expect(replyTo('STOP', APP, false)).toBeNull();
    expect(replyTo('STOP', APP, true)).toMatch(/^Brightwater Car Wash: you are unsubscribed/);
  });

  it('with SMS_OPT_OUT_REPLIES=app confirms START too, with how to get help and how to stop again', () => {
    expect(replyTo('START', APP, false)).toBe(
      'Brightwater Car Wash: you can get texts from us again. Msg & data rates may apply. Reply HELP for help, STOP ' +
        'to opt out.',
    );
    expect(replyTo('Sí', APP, false)).toBe(
      'Brightwater Car Wash: puede volver a recibir nuestros mensajes. Pueden aplicarse tarifas de mensajes y datos. ' +
        'Responda AYUDA para ayuda, PARAR para no recibir más.',
    );
  });

  it('asks an unclear opt-out word, in its language, how to stop every text', () => {
    expect(replyTo('How do I cancel my plan?', TWILIO, false)).toBe(
      'Brightwater Car Wash: Reply STOP to stop all texts from us.',
    );
    expect(replyTo('Quiero cancelar', APP, false)).toBe(
      'Brightwater Car Wash: Responda PARAR para dejar de recibir todos nuestros mensajes.',
    );
  });

  it('says nothing to any other message', () => {
    expect(replyTo('Thanks, see you Saturday', APP)).toBeNull();
  });
});

describe('TwiML', () => {
  it('escapes every character XML gives a meaning to, and is empty without a reply', () => {
    expect(twiml(`Tom & Jerry's <"wash">`)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Tom &amp; Jerry&apos;s &lt;&quot;wash&quot;&gt;' +
        '</Message></Response>',
    );
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});
