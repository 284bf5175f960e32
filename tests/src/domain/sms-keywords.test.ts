import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from '../../../src/domain/sms-keywords';

const EXPECTED = [
  ['opt_out', 'en', ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT']],
  ['opt_out', 'es', ['PARAR', 'ALTO', 'CANCELAR', 'NO MAS', 'BAJA']],
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
    expect(smsKeywordOf(body)).toEqual({ kind, language, keyword });
  });

  it.each([
    '',
    '   ',
    '...',
    'stop by tomorrow',
    'Please stop',
    'STOPP',
    'no',
    'help me with my card',
    'Thanks!',
    'S',
    'starts',
    'sin',
  ])('is none for %j: the whole message must be the keyword', (body) => {
    expect(smsKeywordOf(body)).toBeNull();
  });
});
