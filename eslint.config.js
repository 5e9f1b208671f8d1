import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import fronteiras from './eslint-rules/fronteiras.js';

// src/web and src/server only meet in src/shared; src/shared runs in both, so it uses neither Node nor the DOM.
const noServer = { group: ['**/server/**', '*/server/*'], message: 'src/web must not import src/server: share through src/shared.' };
const noWeb = { group: ['**/web/**', '*/web/*'], message: 'src/server must not import src/web: share through src/shared.' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '**/.test-data/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
  },
  // One owner per table, one door per module: another module is reached through its service only. Tests and
  // their fixtures may set up any module's data.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts', '**/*.test-utils.ts'],
    plugins: { fronteiras },
    rules: { 'fronteiras/modulos-do-servidor': 'error' },
  },
  // bulletproof-react's rule: features do not know each other; screens compose them.
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { fronteiras },
    rules: { 'fronteiras/features-da-web': 'error' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [noServer, noWeb, { group: ['node:*'], message: 'src/shared runs in the browser too.' }],
      }],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
