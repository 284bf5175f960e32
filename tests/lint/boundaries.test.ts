import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundaryCases } from './boundary-cases';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
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
