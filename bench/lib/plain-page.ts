import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { repoRoot } from './paths';

/**
 * The physical limit of the page-load section: `/?id=CODE` as the server sends it to a browser (its form rendered,
 * its stylesheet inlined), with every script and module preload taken out, written into `dir` with the images it
 * shows. Served like the bare React page, it is the same form that nothing has to take over.
 */
export async function writePlainPage(serverUrl: string, token: string, dir: string): Promise<void> {
  // A navigation's Fetch Metadata: only a browser opening the page gets the form rendered in it (decision 016).
  const response = await fetch(`${serverUrl}/?id=${token}`, {
    headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'accept-language': 'en-US,en' },
  });
  if (!response.ok) throw new Error(`GET /?id=CODE answered ${response.status}`);
  const html = await response.text();
  if (!html.includes('<form')) throw new Error('the server sent /?id=CODE without its form: no plain page to compare');
  const plain = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
  writeFileSync(`${dir}/index.html`, plain);
  for (const image of ['logo.png', 'logo.svg']) {
    const built = `${repoRoot}/dist/${image}`;
    if (existsSync(built)) copyFileSync(built, `${dir}/${image}`);
  }
}
