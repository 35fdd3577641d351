// Lint runs in `npm test` with --max-warnings 0: a warning fails the build.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readFileSync } from 'node:fs';

// Code that runs in production never imports a dev dependency (`npm ci --omit=dev` leaves them out); tests may.
const devOnly = Object.keys(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).devDependencies)
  .filter((name) => !name.startsWith('@types/'));
const productionImports = {
  files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', 'src/scene/dev/**'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: devOnly.flatMap((name) => [name, `${name}/*`]), message: 'a dev dependency: production installs leave it out' }] }],
  },
};

// An effect's arrow must not return a value by accident: React calls whatever it returns as the clean-up, and DOM
// calls that returned nothing can start returning something (Chromium's scrollIntoView now returns a Promise, which
// took the chat box down). Write the body in braces, or return a clean-up arrow.
const effectBodies = {
  files: ['src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': ['error', {
      selector: 'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression:first-child[body.type!="BlockStatement"][body.type!="ArrowFunctionExpression"]',
      message: 'an effect returns its clean-up or nothing: write the body in braces',
    }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'public/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  productionImports,
  effectBodies,
);
