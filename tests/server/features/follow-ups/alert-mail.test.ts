import { describe, expect, test } from 'vitest';
import { alertDigest, alertMail, type AlertFacts } from '../../../../server/features/follow-ups/alerts/alert-mail';
import { dueInWords } from '../../../../server/features/follow-ups/alerts/alert-words';

const facts: AlertFacts = {
  kind: 'opened',
  caseId: 'case-1',
  siteName: 'Harbor Road',
  scores: { recommendToOthersScore: 3, washQualityScore: 4, cleanlinessScore: 0, serviceScore: 10, valueScore: 0 },
  comments: '  The dryer left streaks.  ',
  dueAt: new Date('2026-11-28T09:00:00.000Z'),
  timeZone: 'America/Los_Angeles',
  publicUrl: 'https://wash.example',
  phoneCountry: 'US',
};

describe('the alert email (decision 027)', () => {
  test('names the site and the scores, says which questions were left unanswered, and links the case', () => {
    const { subject, text } = alertMail(facts);
    expect(subject).toBe('Follow-up needed at Harbor Road: a member rated 3/10');
    expect(text).toBe(
      [
        'A member of Harbor Road answered the survey as a detractor. Please contact them by Saturday 28 November, 1:00 AM PST.',
        '',
        'Open the case: https://wash.example/admin/follow-ups/case-1',
        '',
        'Recommend to others: 3/10',
        'Wash quality: 4/10',
        'Cleanliness: not answered',
        'Service: 10/10',
        'Value: not answered',
        '',
        'Comment:',
        '> The dryer left streaks.',
        '',
      ].join('\n'),
    );
  });

  test('says there is no comment rather than leaving the line empty', () => {
    const { text } = alertMail({ ...facts, comments: '   ' });
    expect(text.split('\n')).toContain('Comment: (none)');
  });

  test('an overdue case says nobody has contacted the member yet', () => {
    const { subject, text } = alertMail({ ...facts, kind: 'overdue' });
    expect(subject).toBe('Overdue follow-up at Harbor Road: a member rated 3/10');
    expect(text.split('\n')[0]).toBe(
      'A follow-up case at Harbor Road is still open past its due time (Saturday 28 November, 1:00 AM PST): nobody has contacted the member yet.',
    );
  });
});

describe('the member’s words in the alert', () => {
  const REAL_LINK = 'Open the case: https://wash.example/admin/follow-ups/case-1';

  test('are quoted line by line, after the real link, so a comment cannot add a line of the email’s own', () => {
    const { text } = alertMail({
      ...facts,
      comments: 'Bad wash\n\nOpen the case: https://evil.example/login\r\nRecommend to others: 10/10',
    });
    const lines = text.split('\n');
    expect(lines.filter((line) => line.includes('Open the case:'))).toEqual([
      REAL_LINK,
      '> Open the case: https://evil.example/login',
    ]);
    const quoted = lines.flatMap((line, index) => (line.startsWith('>') ? [index] : []));
    expect(quoted.map((index) => lines[index])).toEqual([
      '> Bad wash',
      '>',
      '> Open the case: https://evil.example/login',
      '> Recommend to others: 10/10',
    ]);
    expect(lines.indexOf(REAL_LINK)).toBeLessThan(quoted[0]!);
    expect(lines.filter((line) => line.startsWith('Recommend to others:'))).toEqual(['Recommend to others: 3/10']);
  });

  test('break lines wherever a mail program would, and carry no control characters', () => {
    const { text } = alertMail({ ...facts, comments: 'one\u2028two\u000bthree\rfour\u202eruof\u0007' });
    const quoted = text.split('\n').filter((line) => line.startsWith('>'));
    expect(quoted).toEqual(['> one', '> two', '> three', '> fourruof']);
  });

  test('hide phone numbers and email addresses, wherever in the comment they are', () => {
    const { text, html } = alertMail({
      ...facts,
      comments:
        'Call me back at 202-555-0123 or mail casey@example.com.\nMy other cell: (415) 555 0199, +44 20 7946 0958, ' +
        'or 555-0123 at home; <Casey.Two+wash@mail.example.org>',
    });
    for (const shown of [text, html]) {
      for (const hidden of [
        '202-555-0123',
        'casey@example.com',
        '555 0199',
        '7946 0958',
        '555-0123',
        'Casey.Two',
        'mail.example.org',
      ]) {
        expect(shown, hidden).not.toContain(hidden);
      }
    }
    expect(text.split('\n').filter((line) => line.startsWith('>'))).toEqual([
      '> Call me back at [phone number hidden] or mail [email hidden].',
      '> My other cell: [phone number hidden], [phone number hidden], or [phone number hidden] at home; <[email hidden]>',
    ]);
  });

  test('leave prices, dates and short numbers as they are', () => {
    const comment = 'Paid $29.99 on 3/14/2026 for wash #4412, bay 3.';
    const { text } = alertMail({ ...facts, comments: comment });
    expect(text.split('\n')).toContain(`> ${comment}`);
  });

  test('hide a number before cutting the comment at 200 characters, so no part of it is left at the cut', () => {
    const { text } = alertMail({ ...facts, comments: `${'a'.repeat(195)} 202-555-0123 and more` });
    expect(text).not.toMatch(/555|0123/);
    expect(text.split('\n')).toContain(`> ${'a'.repeat(195)} [pho…`);
  });
});

describe('the alert email’s HTML part', () => {
  test('links the case before the comment, and shows the comment escaped, quoted and hidden where it must be', () => {
    const { html } = alertMail({
      ...facts,
      comments: 'Bad <b>wash</b> & "rude"\n<a href="https://evil.example">Open the case</a> 202-555-0123',
    });
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const links = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toEqual(['https://wash.example/admin/follow-ups/case-1']);
    expect(html).toContain('Bad &lt;b&gt;wash&lt;/b&gt; &amp; &quot;rude&quot;<br>');
    expect(html).toContain(
      '&lt;a href=&quot;https://evil.example&quot;&gt;Open the case&lt;/a&gt; [phone number hidden]',
    );
    expect(html.indexOf('href="https://wash.example/admin/follow-ups/case-1"')).toBeLessThan(
      html.indexOf('<blockquote'),
    );
    expect(html).toContain('Recommend to others');
    expect(html).toContain('Harbor Road');
  });

  test('escapes the site’s name too', () => {
    const { html, subject } = alertMail({ ...facts, siteName: 'Tom & Jerry <Wash>' });
    expect(subject).toBe('Follow-up needed at Tom & Jerry <Wash>: a member rated 3/10');
    expect(html).toContain('Tom &amp; Jerry &lt;Wash&gt;');
    expect(html).not.toContain('<Wash>');
  });
});

describe('the digest of alerts held back within a recipient’s window', () => {
  const second: AlertFacts = {
    ...facts,
    caseId: 'case-2',
    siteName: 'Lakeside',
    scores: { ...facts.scores!, recommendToOthersScore: 1 },
    comments: 'Open the case: https://evil.example/2',
  };
  const overdue: AlertFacts = { ...facts, kind: 'overdue', caseId: 'case-3', comments: '' };

  test('lists every case’s link before any member’s words, then each case with its scores and quoted comment', () => {
    const { subject, text, html } = alertDigest([facts, second, overdue]);
    expect(subject).toBe('Follow-ups needed: 2 new cases and 1 overdue');
    const lines = text.split('\n');
    const links = lines.filter((line) => line.includes('Open the case:'));
    expect(links).toEqual([
      '   Open the case: https://wash.example/admin/follow-ups/case-1',
      '   Open the case: https://wash.example/admin/follow-ups/case-2',
      '   Open the case: https://wash.example/admin/follow-ups/case-3',
      '> Open the case: https://evil.example/2',
    ]);
    const firstQuoted = lines.findIndex((line) => line.startsWith('>'));
    expect(lines.indexOf(links[2]!)).toBeLessThan(firstQuoted);
    expect(lines.filter((line) => line.startsWith('Recommend to others:'))).toEqual([
      'Recommend to others: 3/10',
      'Recommend to others: 1/10',
      'Recommend to others: 3/10',
    ]);
    expect(text).toContain('Comment: (none)');
    const hrefs = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([1, 2, 3].map((n) => `https://wash.example/admin/follow-ups/case-${n}`));
    expect(html.lastIndexOf('<a ')).toBeLessThan(html.indexOf('<blockquote'));
  });

  test('names what it holds in its subject', () => {
    expect(alertDigest([facts, second]).subject).toBe('Follow-ups needed: 2 new cases');
    expect(alertDigest([overdue, { ...overdue, caseId: 'case-4' }]).subject).toBe('Follow-ups needed: 2 overdue cases');
  });
});

describe('the due time, on the site’s clock in the recipient’s language', () => {
  // 14:03 UTC on Monday 30 November 2026: 6:03 AM in Los Angeles, 9:03 AM in New York.
  const dueAt = new Date('2026-11-30T14:03:37.869Z');

  test.each([
    ['America/Los_Angeles', 'en', 'Monday 30 November, 6:03 AM PST'],
    ['America/New_York', 'en', 'Monday 30 November, 9:03 AM EST'],
    ['America/Los_Angeles', 'es', 'lunes 30 de noviembre, 6:03 a.m. PST'],
    ['America/New_York', 'es', 'lunes 30 de noviembre, 9:03 a.m. EST'],
  ] as const)('in %s, in %s, reads “%s”', (timeZone, language, words) => {
    expect(dueInWords(dueAt, timeZone, language)).toBe(words);
  });

  test('a day the site’s clock has not reached elsewhere is the site’s day', () => {
    // 04:30 UTC on 1 December: still Monday 30 November, 8:30 PM in Los Angeles.
    expect(dueInWords(new Date('2026-12-01T04:30:00.000Z'), 'America/Los_Angeles', 'en')).toBe(
      'Monday 30 November, 8:30 PM PST',
    );
  });

  test('an English alert says it in words, never as an ISO time', () => {
    const { text, html } = alertMail({ ...facts, dueAt, timeZone: 'America/New_York' });
    expect(text.split('\n')[0]).toBe(
      'A member of Harbor Road answered the survey as a detractor. Please contact them by Monday 30 November, 9:03 AM EST.',
    );
    expect(`${text}${html}`).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(html).toContain('<html lang="en">');
  });

  test('a Spanish alert is Spanish throughout, its subject, due time, scores and link', () => {
    const { subject, text, html } = alertMail({ ...facts, dueAt }, 'es');
    expect(subject).toBe('Seguimiento necesario en Harbor Road: un miembro puso 3/10');
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Un miembro de Harbor Road respondió la encuesta como detractor. Contáctelo antes del lunes 30 de noviembre, 6:03 a.m. PST.',
      '',
      'Abrir el caso: https://wash.example/admin/follow-ups/case-1',
      '',
      'Lo recomendaría: 3/10',
    ]);
    expect(text).toContain('Limpieza: sin respuesta');
    expect(text).toContain('Comentario:\n> The dryer left streaks.');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Abrir el caso');
  });

  test('a Spanish digest writes each case’s due time on its own site’s clock', () => {
    const east: AlertFacts = { ...facts, caseId: 'case-2', siteName: 'Lakeside', dueAt, timeZone: 'America/New_York' };
    const { subject, text } = alertDigest(
      [
        { ...facts, dueAt },
        { ...east, kind: 'overdue' },
      ],
      'es',
    );
    expect(subject).toBe('Seguimientos necesarios: 1 caso nuevo y 1 caso vencido');
    expect(text).toContain(
      '1. Nuevo en Harbor Road: un miembro puso 3/10. Contáctelo antes del lunes 30 de noviembre, 6:03 a.m. PST.',
    );
    expect(text).toContain(
      '2. Vencido en Lakeside: un miembro puso 3/10, plazo lunes 30 de noviembre, 9:03 a.m. EST; nadie lo ha contactado aún.',
    );
  });
});
