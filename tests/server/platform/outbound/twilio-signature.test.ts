import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formParams,
  isTwilioSignatureValid,
  twilioSignature,
} from '../../../../server/platform/outbound/twilio-signature';

/**
 * Twilio's published examples (its docs' "Validating signatures from Twilio" snippets, TwilioDevEd/api-snippets
 * security/signature_validation): auth token 12345, this URL and these fields sign to these values.
 */
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const published = (caller: string) => ({
  CallSid: 'CA1234567890ABCDE',
  Caller: caller,
  Digits: '1234',
  From: caller,
  To: '+18005551212',
});

describe("Twilio's request signature", () => {
  it("matches Twilio's published examples", () => {
    expect(twilioSignature(TOKEN, URL, published('+14158675310'))).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(twilioSignature(TOKEN, URL, published('+14158675309'))).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isTwilioSignatureValid(TOKEN, 'GvWf1cFY/Q7PnoempGyD5oXAezc=', URL, published('+14158675310'))).toBe(true);
  });

  it('is refused when missing, wrong, for other fields, another URL or another token', () => {
    const params = published('+14158675310');
    const good = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';
    expect(isTwilioSignatureValid(TOKEN, undefined, URL, params)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, '', URL, params)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good.replace('G', 'H'), URL, params)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good.slice(0, -1), URL, params)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good, URL, { ...params, Digits: '1235' })).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good, URL, { ...params, Extra: '' })).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good, 'https://mycompany.com/myapp.php?foo=1&bar=3', params)).toBe(false);
    expect(isTwilioSignatureValid(TOKEN, good, 'http://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(false);
    expect(isTwilioSignatureValid('54321', good, URL, params)).toBe(false);
  });

  it("accepts the URL signed with or without its scheme's port, as Twilio's own validator does", () => {
    const params = published('+14158675310');
    const withPort = twilioSignature(TOKEN, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params);
    expect(withPort).not.toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(isTwilioSignatureValid(TOKEN, withPort, URL, params)).toBe(true);
    expect(
      isTwilioSignatureValid(
        TOKEN,
        'GvWf1cFY/Q7PnoempGyD5oXAezc=',
        'https://mycompany.com:443/myapp.php?foo=1&bar=2',
        params,
      ),
    ).toBe(true);
  });

  it('keeps a URL’s own port, and accepts it signed without it, as the helper library does', () => {
    const params = published('+14158675310');
    const configured = 'https://club.example:8443/api/integrations/twilio/messages';
    expect(isTwilioSignatureValid(TOKEN, twilioSignature(TOKEN, configured, params), configured, params)).toBe(true);
    const withoutPort = twilioSignature(TOKEN, 'https://club.example/api/integrations/twilio/messages', params);
    expect(isTwilioSignatureValid(TOKEN, withoutPort, configured, params)).toBe(true);
    const otherPort = twilioSignature(TOKEN, 'https://club.example:9443/api/integrations/twilio/messages', params);
    expect(isTwilioSignatureValid(TOKEN, otherPort, configured, params)).toBe(false);
  });

  it('tries port 80 for http and 443 for https, not the other', () => {
    const params = published('+14158675310');
    const http = 'http://club.example/messages';
    expect(
      isTwilioSignatureValid(TOKEN, twilioSignature(TOKEN, 'http://club.example:80/messages', params), http, params),
    ).toBe(true);
    expect(
      isTwilioSignatureValid(TOKEN, twilioSignature(TOKEN, 'http://club.example:443/messages', params), http, params),
    ).toBe(false);
  });

  it('signs the fields’ UTF-8 bytes: a Spanish body is signed as Twilio signs it', () => {
    const params = { Body: '¿No más? Sí, señor', From: '+14158675310' };
    const data = `${URL}Body¿No más? Sí, señorFrom+14158675310`;
    expect(twilioSignature(TOKEN, URL, params)).toBe(
      createHmac('sha1', TOKEN).update(Buffer.from(data, 'utf8')).digest('base64'),
    );
    expect(twilioSignature(TOKEN, URL, params)).not.toBe(
      createHmac('sha1', TOKEN).update(Buffer.from(data, 'latin1')).digest('base64'),
    );
  });

  it('signs a repeated field with each distinct value, sorted, as the helper library does', () => {
    const params = formParams('To=%2B18005551212&MediaUrl=b&MediaUrl=a&MediaUrl=b&Body=hi+there');
    expect(params).toEqual({ To: '+18005551212', MediaUrl: ['b', 'a', 'b'], Body: 'hi there' });
    const data = `${URL}Bodyhi thereMediaUrlaMediaUrlbTo+18005551212`;
    expect(twilioSignature(TOKEN, URL, params)).toBe(createHmac('sha1', TOKEN).update(data).digest('base64'));
  });
});
