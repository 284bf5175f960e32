import { FIRST_LOOKUP_ELEMENT_ID, type FirstLookup } from '../../../src/domain/registration-lookup';
import type { Language } from '../../../src/domain/language';
import { jsonElement } from './embed-runtime-config';

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/**
 * The page for a browser opening `/?id=CODE` (decision 016), made from index.html as the server already serves it:
 * the lookup's answer in the head and, for an open code, the form's server render in the root. That page paints from
 * its HTML alone: its stylesheet is inlined (one round trip less on a slow network; the link is opened once), and
 * its scripts are fetched at low priority, as the app only takes over a form already on screen.
 */
export function firstScreenPage(
  indexHtml: string,
  readAsset: (path: string) => string,
): (lookup: FirstLookup, markup: string, language: Language) => string {
  const painted = indexHtml
    .replace(STYLESHEET, (_, href: string) => `<style>${readAsset(href)}</style>`)
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
  return (lookup, markup, language) =>
    (markup ? painted : indexHtml)
      // The language the form is rendered in: the browser hydrates only a page in the language it would show.
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('</head>', `${jsonElement(FIRST_LOOKUP_ELEMENT_ID, lookup)}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}
