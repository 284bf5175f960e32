import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { repoRoot } from './paths';

/**
 * The physical limit of the page-load section: `/?id=CODE` as the server sends it to a browser (its form rendered,
 * its stylesheet inlined), with every script and module preload taken out, written into `dir` with the images it
 * shows. Served like the bare React page, it is the same form that nothing has to take over.
 */
export async function writePlainPage(serverUrl: string, token: string, dir: string): Promise<void> {
  // A navigation's Fetch Metadata: only a browser opening the page gets the form rendered in it (decision 016).
  // node:http, because Node's fetch sends its own `sec-fetch-mode: cors` in place of the one asked for.
  const html = await new Promise<string>((resolve, reject) => {
    const headers = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'accept-language': 'en-US,en' };
    get(`${serverUrl}/?id=${token}`, { headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /?id=CODE answered ${response.statusCode}`));
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
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
