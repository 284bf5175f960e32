// `npm run build`: every part of dist/, one step after another. Each step's own output is kept back and shown whole
// only when the step fails, so a build says one line per step (`npm start` runs this on a first start, where the
// lines that matter come after it). `--verbose` shows every step's output as it comes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Vite's command, as npm's .bin/vite runs it, with this node.
const require = createRequire(import.meta.url);
const vite = join(dirname(require.resolve('vite/package.json')), require('vite/package.json').bin.vite);
const verbose = process.argv.includes('--verbose');

/** What is built, in order: the server's build is the last, and its stamp says the whole build is there. */
const STEPS = [
  ['the customer app', [vite, 'build']],
  ['its server render', [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/ssr']],
  ['the console', [vite, 'build', '-c', 'vite.console.config.ts']],
  ['the API reference', ['scripts/copy-api-reference.mjs']],
  ['compressed copies', ['scripts/precompress.mjs']],
  ['the server', ['scripts/build-server.mjs']],
];

/** Runs one step with this node; resolves to its exit code and everything it wrote, in the order written. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', verbose ? 'inherit' : 'pipe', verbose ? 'inherit' : 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

for (const [name, args] of STEPS) {
  const started = performance.now();
  const { code, output } = await run(args);
  if (code !== 0) {
    console.error(`Building ${name} failed:\n${output}`);
    process.exit(code);
  }
  console.error(`Built ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
