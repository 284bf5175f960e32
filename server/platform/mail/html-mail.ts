const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML shows it, never as markup: whatever a member or an owner typed. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A link that reads as a button on a phone: at least 44 px tall to tap. */
export const buttonLink = (href: string, label: string): string =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1f4ea8;` +
  `color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;

/**
 * An email's HTML part, laid out for a phone: one column as wide as the screen (up to 600 px), system fonts at
 * 16 px, styles inline as mail programs require. `body` is HTML already escaped by its maker.
 */
export const htmlMail = (title: string, body: string, language = 'en'): string =>
  [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#ffffff">',
    '<div style="max-width:600px;margin:0 auto;padding:16px;font-family:-apple-system,BlinkMacSystemFont,' +
      "'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a\">",
    body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
