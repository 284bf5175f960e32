import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** App code that machines/ and server/ must not reach: only src/domain is shared. */
const appOutsideDomain = {
  regex: String.raw`^(\.\./)+src/(?!domain/)`,
  message: 'machines/ and server/ may import only src/domain from src/.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'reports/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] } },
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
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appOutsideDomain,
            { regex: String.raw`^(\.\./)+server/`, message: 'Machines know nothing of the server.' },
          ],
          paths: ['react', 'react-dom', 'ky', '@tanstack/react-query', 'react-router-dom'].map((name) => ({
            name,
            message: 'Machines are pure TypeScript: effects are provided by the views.',
          })),
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appOutsideDomain,
            { regex: String.raw`^(\.\./)+machines/`, message: 'The server does not run the statecharts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: String.raw`^\.\./`, message: 'src/domain imports no app code: it is shared by all.' }],
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
