import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'bench/out/', '.tmp/', 'db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Imports flow one way: shared ← platform ← features ← site / admin ← server, cli (docs/architecture.md).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/import-direction': 'error' },
  },
  {
    // An ES import of node:http loads undici (Node's fetch) at start: ~25 ms (ADR 061). Types are free.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        ...['node:http', 'http'].map((name) => ({
          name,
          allowTypeImports: true,
          message: 'Use nodeHttp from platform/http/node-http.server (docs/decisions/061-start-without-undici.md).',
        })),
      ],
    },
  },
  {
    // Browser code never pulls in server-only modules (epic-stack's .server convention).
    files: ['src/site/**', 'src/admin/**', 'src/**/*.tsx'],
    // Tests of server modules run on the server too (named after the module: x.server.test.tsx).
    ignores: ['src/**/*.server.ts', 'src/**/*.server.tsx', 'src/**/*.server.test.tsx', 'src/site/entry-server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.server', '**/*.server.*'], message: 'Client code must not import .server modules.' },
          ],
        },
      ],
    },
  },
);
