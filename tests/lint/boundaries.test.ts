import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundaryCases } from './boundary-cases';

const root = path.resolve(import.meta.dirname, '../..');
const consoleDir = path.join(root, 'src/console');

/**
 * Zones judge the file an import resolves to, and src/console has no files yet. This resolver answers for
 * that folder alone, as the TypeScript resolver will once the console exists; it passes on everything else.
 */
const consoleFolderResolver = {
  interfaceVersion: 3,
  name: 'future-console-folder',
  resolve(source: string, importer: string) {
    const target = path.resolve(path.dirname(importer), source);
    const inConsole = source.startsWith('.') && target.startsWith(consoleDir + path.sep);
    const file = `${target}.tsx`;
    return inConsole && !existsSync(file) ? { found: true, path: file } : { found: false };
  },
};

let eslint: ESLint;

beforeAll(async () => {
  const real = await new ESLint({ cwd: root }).calculateConfigForFile(path.join(root, 'src/app.tsx'));
  const resolvers = (real as Linter.Config).settings?.['import-x/resolver-next'] as unknown[];
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [
      // The fixtures are not files, so the TypeScript project service cannot type them; no layer rule needs types.
      tseslint.configs.disableTypeChecked,
      // Nor can Lingui's rule read their types; it judges words, not layers.
      {
        files: ['src/pages/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}', 'src/*.tsx'],
        rules: { 'lingui/no-unlocalized-strings': 'off' },
      },
      { settings: { 'import-x/resolver-next': [consoleFolderResolver, ...resolvers] } },
    ],
  });
});

describe('layer boundaries (eslint.config.js)', () => {
  it.each(boundaryCases)('$name', async ({ filePath, code, rule }) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    const reported = result!.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);

    if (rule === null) {
      expect(reported).toEqual([]);
    } else {
      // Only the rule under test, so a parse error or a stray rule cannot pass for the boundary.
      expect(reported.length).toBeGreaterThan(0);
      for (const line of reported) expect(line).toMatch(new RegExp(`^${rule}: `));
    }
  });
});
