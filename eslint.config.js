import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

const pureMachine = 'Machines are pure TypeScript: the view provides every effect (HTTP, storage, routing, rendering).';

/**
 * The layers, as zones: files under `target` may not import what resolves under `from`, save `except`.
 * Zones match resolved files, so they also catch `import type`, `export … from` and dynamic `import()`, and
 * an allow-list (`from: '.'` or `from: 'node_modules'` with exceptions) also catches the packages we have not
 * thought of yet. Node built-ins resolve to no file: `import-x/no-nodejs-modules` guards those below.
 */
const layerZones = [
  {
    target: 'machines',
    from: '.',
    except: ['machines', 'src/domain', 'node_modules'],
    message: 'machines/ imports only src/domain: the views and the tests build on the machines, never the reverse.',
  },
  {
    target: 'machines',
    from: 'node_modules',
    except: ['xstate'],
    message: `xstate is the one package machines/ may use. ${pureMachine}`,
  },
  {
    target: 'server',
    from: 'src',
    except: ['domain'],
    message: 'server/ shares only src/domain with the browser.',
  },
  { target: 'server', from: 'machines', message: 'The server does not run the statecharts.' },
  {
    target: 'src/domain',
    from: '.',
    except: ['src/domain', 'node_modules'],
    message: 'src/domain imports no app code: machines, views and server all build on it.',
  },
  {
    target: 'src/domain',
    from: 'node_modules',
    except: ['valibot', 'libphonenumber-js'],
    message: 'src/domain runs in the browser and on the server alike: valibot and libphonenumber-js only.',
  },
  { target: 'src', from: 'server', message: 'The browser reaches the server over HTTP (src/api), never by import.' },
  // The operator console is a second audience in the same app (decision 022): the seam stays visible both ways.
  { target: 'src/pages', from: 'src/console', message: 'Customer pages never import the operator console.' },
  { target: 'src/console', from: 'src/pages', message: 'The console shares src/components and src/domain, not pages.' },
  {
    target: 'src/components',
    from: ['src/pages', 'src/console'],
    message: 'src/components is reusable UI: it knows no page of either audience.',
  },
  {
    target: 'src/lib',
    from: ['src/pages', 'src/console', 'machines'],
    message:
      'src/lib is a layer under the pages and beside the charts: what a page, a chart and src/lib share lives in src/domain.',
  },
];

/**
 * Inside server/ (decision 051): features/<feature>/ holds a feature's services and its routes (`*.routes.ts`),
 * platform/<concern>/ what every feature stands on. Routes translate HTTP and call the services, which the CLIs, the
 * seed and the jobs call too. So a route imports no other feature's route, and nothing but the app that mounts them
 * (and a route of the same feature) imports a route. Read from the tree, so a feature added later is covered without
 * an edit here.
 */
const featuresDir = path.join(root, 'server/features');
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const routeFiles = `${root}/server/**/*.routes.ts`;
const serverZones = [
  ...features.map((feature) => ({
    target: `server/features/${feature}/**/*.routes.ts`,
    from: routeFiles,
    except: [`${root}/server/features/${feature}/**/*.routes.ts`],
    message: "A route does not import another feature's route: what both need is a service or server/platform/.",
  })),
  {
    target: ['server/!(app).ts', 'server/!(features)/**', 'server/features/**/!(*.routes).ts'],
    from: routeFiles,
    message: 'Only server/app.ts mounts the routes: services, CLIs, the seed and jobs call the services instead.',
  },
];

/** Globals that would let a machine do its own I/O or keep its own clock behind the statechart's back. */
const machineGlobals = [
  ...['window', 'self', 'globalThis', 'document', 'location', 'history', 'navigator', 'alert', 'confirm', 'prompt'].map(
    (name) => ({ name, message: `${pureMachine} Page and browser state come in as events or input.` }),
  ),
  ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
    name,
    message: `${pureMachine} Network calls are actors (fromPromise) that the view provides.`,
  })),
  ...['localStorage', 'sessionStorage', 'indexedDB', 'caches', 'process'].map((name) => ({
    name,
    message: `${pureMachine} Storage and environment are read by the view or src/lib and passed in.`,
  })),
  ...[
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
  ].map((name) => ({
    name,
    message: 'Time in a machine is a delayed transition (`after`), which the inspector and the tests can see.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'reports/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'server/platform/db/migrations/',
      // Stryker's sandbox while `npm run test:mutation` runs.
      '.stryker-tmp*/',
      // Scratch files tests/lint/import-cycles.test.ts writes for the duration of one test.
      'tests/lint/.tmp-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'stryker.config.mjs', 'scripts/*.mjs'] },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // The zones and no-cycle judge resolved files: resolve as tsc does, and parse .ts/.tsx to follow imports,
      // or they silently see nothing.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...serverZones] }],
      // Packages cannot import our code back, so walking into node_modules only costs time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['machines/**/*.{ts,tsx}', 'src/domain/**/*.{ts,tsx}'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...machineGlobals],
      // JSX compiles to an import of react/jsx-runtime that no import rule can see. (`import('pkg').T` types,
      // which the zones cannot see either, are refused everywhere by consistent-type-imports.)
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXElement, JSXFragment', message: `Machines render nothing. ${pureMachine}` },
      ],
    },
  },
  {
    // The customer journey is in English and Spanish (decision 018): a text written into a customer view without
    // Lingui would be English on a Spanish page. The console is for operators, in English, and is not checked.
    files: ['src/pages/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}', 'src/*.tsx'],
    plugins: { lingui: pluginLingui },
    rules: {
      ...pluginLingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Attributes and props that hold names, not words a person reads.
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|styles?|id|name|type|role|rel|target|href|hrefLang|lang|htmlFor|to|path|key|tone|during|autoComplete|inputMode|autoCapitalize|enterKeyHint|aria-describedby|aria-labelledby|aria-controls|aria-haspopup|aria-live|aria-autocomplete|aria-activedescendant|aria-expanded|data-.*|[A-Z_]+|.*(Id|Ids|Key|Url|Class|ClassName))$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'UnexpectedStatusError',
            'import',
            'fieldId',
            'errorId',
            'document.getElementById',
            'new Intl.DisplayNames',
            'api.get',
            'api.post',
            'searchParams.get',
            'params.get',
            'startsWith',
            'split',
            'includes',
            'replace',
            'test',
            'exec',
            'localeCompare',
          ],
          ignore: ['^[a-z][a-zA-Z0-9.-]*$', '^/', '^\\?', '^[A-Z]{2}$'],
          useTsTypes: true,
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Tests read API answers as whatever came back.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
