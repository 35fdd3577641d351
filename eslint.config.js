// Lint runs in `npm test` with --max-warnings 0: a warning fails the build.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readFileSync } from 'node:fs';

// Code that runs in production never imports a dev dependency (`npm ci --omit=dev` leaves them out); tests may.
const devOnly = Object.keys(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).devDependencies)
  .filter((name) => !name.startsWith('@types/'));
const devOnlyPattern = { group: devOnly.flatMap((name) => [name, `${name}/*`]), message: 'a dev dependency: production installs leave it out' };

// Dependencies point one way: app -> features -> scene -> protocol on the client, and the server never imports the
// client. A layer's files (tests included) may not import from the layers above it.
const LAYERS = [
  { files: ['src/protocol/**'], above: ['scene', 'features', 'app', 'overlay', 'api', 'state', 'server', 'cli'], why: 'protocol is the bottom layer, shared by client and server' },
  { files: ['src/scene/**'], above: ['features', 'app', 'overlay', 'server'], why: 'the scene is below the features and the app' },
  { files: ['src/features/**'], above: ['app', 'server'], why: 'features are below the app' },
  { files: ['src/server/**'], above: ['features', 'app', 'scene', 'overlay', 'api'], why: 'the server never imports the client' },
];
const layerPattern = ({ above, why }) => ({ group: above.map((dir) => `**/${dir}/**`), message: why });

const importRules = [
  // Production code: dev dependencies are refused everywhere, and layers as below.
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/scene/dev/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [devOnlyPattern] }] },
  },
  ...LAYERS.flatMap((layer) => [
    {
      files: layer.files.map((f) => `${f}/*.{ts,tsx}`),
      ignores: ['**/*.test.{ts,tsx}', 'src/scene/dev/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [devOnlyPattern, layerPattern(layer)] }] },
    },
    { files: layer.files.map((f) => `${f}/*.test.{ts,tsx}`), rules: { 'no-restricted-imports': ['error', { patterns: [layerPattern(layer)] }] } },
  ]),
];

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
  ...importRules,
  effectBodies,
);
