import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from '../../../../../server/features/integrations/sms/keyword-reading';

const EXPECTED = [
  ['opt_out', 'en', ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT']],
  ['opt_out', 'es', ['PARAR', 'ALTO', 'CANCELAR', 'NO MAS', 'BAJA', 'DETENER']],
  ['opt_in', 'en', ['START', 'UNSTOP', 'YES']],
  ['opt_in', 'es', ['SI', 'COMENZAR']],
  ['help', 'en', ['HELP', 'INFO']],
  ['help', 'es', ['AYUDA']],
] as const;

describe('the keyword a texted reply is', () => {
  describe.each(EXPECTED)('%s in %s', (kind, language, keywords) => {
    it.each(keywords)('reads %s as written, in lower case, padded and punctuated', (keyword) => {
      for (const form of [keyword, keyword.toLowerCase(), `  ${keyword}  `, `${keyword}.`, `${keyword}!!`]) {
        expect(smsKeywordOf(form), form).toEqual({
          kind,
          language,
          keyword: keyword === 'OPT OUT' ? 'OPTOUT' : keyword,
          within: false,
        });
      }
    });
  });

  it.each([
    ['Stop.', 'opt_out', 'en', 'STOP'],
    ['no más', 'opt_out', 'es', 'NO MAS'],
    [' Parar ', 'opt_out', 'es', 'PARAR'],
    ['NO MÁS!', 'opt_out', 'es', 'NO MAS'],
    ['No-Mas', 'opt_out', 'es', 'NO MAS'],
    ['opt-out', 'opt_out', 'en', 'OPTOUT'],
    ['Opt out', 'opt_out', 'en', 'OPTOUT'],
    ['"stop"', 'opt_out', 'en', 'STOP'],
    ['STOP\n', 'opt_out', 'en', 'STOP'],
    ['Sí', 'opt_in', 'es', 'SI'],
    ['sí.', 'opt_in', 'es', 'SI'],
    ['Yes!', 'opt_in', 'en', 'YES'],
    ['¡Comenzar!', 'opt_in', 'es', 'COMENZAR'],
    ['¿Ayuda?', 'help', 'es', 'AYUDA'],
    ['Info?', 'help', 'en', 'INFO'],
    ['Cancelár', 'opt_out', 'es', 'CANCELAR'],
  ])('reads %j as %s (%s, %s)', (body, kind, language, keyword) => {
    expect(smsKeywordOf(body)).toEqual({ kind, language, keyword, within: false });
  });

  it.each([
    '',
    '   ',
    '...',
    'STOPP',
    'no',
    'help me with my card',
    'Yes please',
    'Thanks!',
    'S',
    'starts',
    'sin',
    'I stopped by yesterday and the dryer was great',
    'Unstoppable shine, thanks',
    'Great wash, see you next weekend',
    'Nos vemos el sábado',
  ])('is none for %j: neither a keyword nor an opt-out word in it', (body) => {
    expect(smsKeywordOf(body)).toBeNull();
  });
});

describe('an opt-out word within a longer message (decision 040)', () => {
  it.each([
    ['stop please', 'en', 'STOP'],
    ['Please stop', 'en', 'STOP'],
    ['STOP texting me', 'en', 'STOP'],
    ['unsubscribe me', 'en', 'UNSUBSCRIBE'],
    ['I revoke my consent', 'en', 'REVOKE'],
    ['How do I opt-out of these?', 'en', 'OPTOUT'],
    ['Stop. By the way, great wash', 'en', 'STOP'],
    ['Cancel my plan and stop the texts', 'en', 'STOP'],
    ['Parar por favor', 'es', 'PARAR'],
    ['No más mensajes', 'es', 'NO MAS'],
    ['no mas textos gracias', 'es', 'NO MAS'],
    ['Quiero darme de baja', 'es', 'BAJA'],
    ['Por favor detener los mensajes', 'es', 'DETENER'],
  ])('honours %j as an opt-out (%s, %s)', (body, language, keyword) => {
    expect(smsKeywordOf(body)).toEqual({ kind: 'opt_out', language, keyword, within: true });
  });

  it.each([
    ["Don't stop the deals!", 'en', 'STOP'],
    ['Please do not stop sending', 'en', 'STOP'],
    ['I will stop by tomorrow', 'en', 'STOP'],
    ['Can I stop in at 5?', 'en', 'STOP'],
    ['How do I cancel my membership?', 'en', 'CANCEL'],
    ['The dryer quit halfway', 'en', 'QUIT'],
    ['See you at the end of the month', 'en', 'END'],
    ['Quiero cancelar mi plan', 'es', 'CANCELAR'],
    ['El precio es muy alto', 'es', 'ALTO'],
    ['así no más', 'es', 'NO MAS'],
  ])('asks about %j: an unclear opt-out word (%s, %s)', (body, language, keyword) => {
    expect(smsKeywordOf(body)).toEqual({ kind: 'maybe_opt_out', language, keyword, within: true });
  });

  it('reads a clear word anywhere over an unclear one before it', () => {
    expect(smsKeywordOf("Don't stop by. Actually, stop all of it")).toMatchObject({ kind: 'opt_out', keyword: 'STOP' });
    expect(smsKeywordOf('I want to cancel, unsubscribe me')).toMatchObject({
      kind: 'opt_out',
      keyword: 'UNSUBSCRIBE',
    });
  });
});

describe('keywords in look-alike letters (UTS #39 confusables)', () => {
  it.each([
    ['ЅТОР', 'Cyrillic capitals'],
    ['SТОР', 'Latin S, then Cyrillic'],
    ['ѕтор', 'Cyrillic small letters'],
    ['ꜱᴛᴏᴘ', 'small capitals'],
    ['𝐒𝐓𝐎𝐏', 'mathematical bold'],
    ['ＳＴＯＰ', 'full width'],
    ['S\u200bT\u200cOP', 'zero-width characters inside'],
  ])('reads %j (%s) as STOP', (body) => {
    expect(smsKeywordOf(body)).toEqual({ kind: 'opt_out', language: 'en', keyword: 'STOP', within: false });
  });

  it.each([
    ['ΗΕLΡ', 'help', 'HELP'],
    ['ɪɴꜰᴏ', 'help', 'INFO'],
    ['ᴜɴꜱᴜʙꜱᴄʀɪʙᴇ', 'opt_out', 'UNSUBSCRIBE'],
    ['ꜱᴛᴀʀᴛ', 'opt_in', 'START'],
    ['ᴘᴀʀᴀʀ', 'opt_out', 'PARAR'],
    ['ᴄᴏᴍᴇɴᴢᴀʀ', 'opt_in', 'COMENZAR'],
  ])('reads %j as %s %s', (body, kind, keyword) => {
    expect(smsKeywordOf(body)).toMatchObject({ kind, keyword, within: false });
  });

  it('reads look-alike letters within a longer message too', () => {
    expect(smsKeywordOf('Please ЅТОР now')).toEqual({ kind: 'opt_out', language: 'en', keyword: 'STOP', within: true });
    expect(smsKeywordOf('ᴘʟᴇᴀꜱᴇ ꜱᴛᴏᴘ')).toMatchObject({ kind: 'opt_out', keyword: 'STOP' });
  });

  it('still tells keywords apart: a look-alike of one letter is not another keyword', () => {
    expect(smsKeywordOf('ЅТОРР')).toBeNull();
    expect(smsKeywordOf('ЅТАRТЅ')).toBeNull();
  });
});
