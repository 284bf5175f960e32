import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCycle, importCycles, importGraph, projectFiles } from './import-graph';

const root = path.resolve(import.meta.dirname, '../..');

// No-cycle follows real files on disk, so these are real: in a folder eslint.config.js ignores, so that an
// `npm run lint` running meanwhile does not trip over them, and removed afterwards.
let scratch: string;
const scratchFile = (name: string, code: string) => {
  const file = path.join(scratch, name);
  writeFileSync(file, code);
  return file;
};

beforeAll(() => {
  scratch = mkdtempSync(path.join(root, 'tests/lint/.tmp-cycle-'));
  scratchFile('value-a.ts', "import { b } from './value-b';\n\nexport const a = (): string => b();\n");
  scratchFile(
    'value-b.ts',
    "import { a } from './value-a';\n\nexport const b = (): string => 'b';\nexport const c = a;\n",
  );
  scratchFile('type-a.ts', "import { b } from './type-b';\n\nexport type A = string;\nexport const a = b;\n");
  scratchFile('type-b.ts', "import type { A } from './type-a';\n\nexport const b = (): A => 'b';\n");
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lintScratch = async (name: string) => {
  // ignore: false reaches the scratch folder; the files are not in the TypeScript project, and no-cycle needs no types.
  const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: [tseslint.configs.disableTypeChecked] });
  const [result] = await eslint.lintFiles([path.join(scratch, name)]);
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
};

describe('import cycles', () => {
  it('import-x/no-cycle is an error in every layer', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of [
      'machines/profile/x.ts',
      'server/features/x.ts',
      'src/domain/x.ts',
      'src/pages/home/x.tsx',
      'src/console/x.tsx',
      'src/components/x.tsx',
      'src/lib/x.ts',
      'tests/x.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(path.join(root, file))) as {
        rules: Record<string, unknown[]>;
      };
      expect(config.rules['import-x/no-cycle']?.[0], file).toBe(2);
    }
  });

  it('import-x/no-cycle reports two modules that import values from each other', async () => {
    expect(await lintScratch('value-a.ts')).toEqual(['import-x/no-cycle']);
  });

  it('import-x/no-cycle does not see a cycle with a type-only edge, which is why the tree check below exists', async () => {
    expect(await lintScratch('type-a.ts')).toEqual([]);
  });

  it('the import graph finds both kinds of cycle', () => {
    const files = ['value-a.ts', 'value-b.ts', 'type-a.ts', 'type-b.ts'].map((name) => path.join(scratch, name));
    const graph = importGraph(files, projectFiles(root).options);
    const found = importCycles(graph).map((cycle) => cycle.map((file) => path.basename(file)));
    expect(found).toEqual(
      expect.arrayContaining([
        ['value-a.ts', 'value-b.ts'],
        ['type-a.ts', 'type-b.ts'],
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('the tree has no import cycles, type-only imports included', () => {
    const { files, options } = projectFiles(root);
    // The scratch folder above is on disk while this runs.
    const graph = importGraph(
      files.filter((file) => !file.includes(`${path.sep}.tmp-`)),
      options,
    );
    const cycles = importCycles(graph).map((cycle) => describeCycle(graph, cycle, root));
    expect(cycles).toEqual([]);
  });
});
