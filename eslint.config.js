import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer rules (ARCHITECTURE.md): core and importers stay framework-free and Node-free;
// only src/ui/editor touches Monaco; only src/cli touches node:*.
const frameworkFree = {
  patterns: [
    {
      group: ['react', 'react-*', 'react/*', 'react-dom', 'react-dom/*'],
      message: 'core/importers must not import React.',
    },
    { group: ['@tanstack/*'], message: 'core/importers must not import TanStack.' },
    {
      group: ['monaco-editor', 'monaco-editor/*', 'monaco-yaml', 'monaco-yaml/*', '@monaco-editor/*'],
      message: 'core/importers must not import Monaco.',
    },
    {
      group: ['node:*', 'fs', 'path', 'os', 'child_process', 'url'],
      message: 'core/importers run in the browser: no Node APIs.',
    },
    { group: ['**/ui/**', '**/cli/**'], message: 'Dependencies point one way: ui/cli -> core, importers.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-cli/**',
      'node_modules/**',
      'public/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/importers/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testdata/**'],
    rules: { 'no-restricted-imports': ['error', frameworkFree] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/editor/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['monaco-editor', 'monaco-editor/*', 'monaco-yaml', 'monaco-yaml/*', '@monaco-editor/*'],
              message: 'Only src/ui/editor imports Monaco.',
            },
            { group: ['node:*'], message: 'The UI runs in the browser.' },
            { group: ['**/cli/**'], message: 'The UI does not import the CLI.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Size: no file over 500 lines, no function over 120.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testdata/**'],
    rules: {
      'max-lines': ['error', { max: 500 }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
);
