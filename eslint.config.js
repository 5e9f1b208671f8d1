import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// src/web and src/server only meet in src/shared; src/shared runs in both, so it uses neither Node nor the DOM.
const noServer = { group: ['**/server/**', '*/server/*'], message: 'src/web must not import src/server: share through src/shared.' };
const noWeb = { group: ['**/web/**', '*/web/*'], message: 'src/server must not import src/web: share through src/shared.' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.test-data/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
