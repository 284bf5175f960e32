// `npm run docs:configuration` writes docs/configuration.md from server/env-reference.ts; `-- --check` fails when
// the page is not what it would write (tests/server/env-reference.test.ts checks the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { SETTINGS_REFERENCE } from '../server/env-reference.ts';

export const PAGE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

const INTRO = `# Configuration

<!-- Written by npm run docs:configuration from server/env-reference.ts; edit that file, not this page. -->

Environment variables, or a \`.env\` file (copy \`.env.example\`). \`server/env.ts\` reads them once and stops with a
message naming any wrong one. Empty means default. The client settings reach the page at run time, embedded in
\`index.html\`: one build serves any deployment.
`;

/** The page as the script writes it, formatted as the repository's Prettier writes Markdown. */
export async function configurationPage(): Promise<string> {
  const rows = SETTINGS_REFERENCE.map(
    (entry) =>
      `| ${entry.names.map((name) => `\`${name}\``).join(', ')} | ${entry.default} | ${entry.does.replace(/\|/g, '\\|')} |`,
  );
  const table = ['| Variable | Default | What it does |', '| --- | --- | --- |', ...rows].join('\n');
  const options = (await prettier.resolveConfig(PAGE)) ?? {};
  return prettier.format(`${INTRO}\n${table}\n`, { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = await configurationPage();
  if (process.argv.includes('--check')) {
    if (readFileSync(PAGE, 'utf8') !== page) {
      console.error('docs/configuration.md is stale: run npm run docs:configuration.');
      process.exit(1);
    }
  } else writeFileSync(PAGE, page);
}
