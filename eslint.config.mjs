import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import jest from 'eslint-plugin-jest';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/**
 * Libs are reached by their @platform/* alias only, and each layer depends only on layers below it.
 * Test files (specs and test/ folders) may also use the testing lib.
 */
function boundaries({ testing }) {
  const withTesting = (tags) => (testing ? [...tags, 'type:testing'] : tags);
  return {
    allow: [],
    banTransitiveDependencies: false,
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: withTesting(['type:util', 'type:data-access']) },
      { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: withTesting(['type:util', 'type:data-access']) },
      { sourceTag: 'type:util', onlyDependOnLibsWithTags: withTesting(['type:util']) },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:testing'] },
      { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
      { sourceTag: 'scope:recruiting', onlyDependOnLibsWithTags: ['scope:recruiting', 'scope:shared'] },
      { sourceTag: 'scope:survey-builder', onlyDependOnLibsWithTags: ['scope:survey-builder', 'scope:shared'] },
      { sourceTag: 'scope:race-content', onlyDependOnLibsWithTags: ['scope:race-content', 'scope:shared'] },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['libs/client/examples/vite-console/**', '**/dist/**', '**/node_modules/**', '.tools/**', '.data/**', '.nx/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    ignores: ['**/jest.config.ts'],
    plugins: { '@nx': nx },
    rules: {
      // Libs are reached by their @platform/* alias only, and each layer only depends on layers below it.
      '@nx/enforce-module-boundaries': ['error', boundaries({ testing: false })],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'libs/*/examples/**/*.ts'],
    ignores: ['**/jest.config.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries({ testing: true })] },
  },
  {
    // The console client's tests run it against the apps of their test kits (issue 23).
    files: ['libs/client/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { ...boundaries({ testing: true }), allow: ['../../../apps/**'] }] },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs', 'libs/*/examples/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Every regular expression runs in time linear in its input: a pattern that can backtrack or move super-linearly
    // is an error wherever it is (docs/decisions.md, "Linear time on every field").
    files: ['**/*.ts', '**/*.mjs'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  {
    // A committed test runs in full: no test run alone (.only, fit) and none left out (.skip, x, a test without a body).
    // eslint-plugin-jest knows every spelling Jest accepts (describe['only'], it.only.each, ...), which a
    // no-restricted-syntax pattern would have to list by hand.
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'libs/testing/src/**/*.ts'],
    plugins: { jest },
    rules: { 'jest/no-focused-tests': 'error', 'jest/no-disabled-tests': 'error' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setInterval: 'readonly', Buffer: 'readonly' } },
  },
  {
    // CommonJS: a tool's plug-in that is loaded with require (scripts/lib/version-updater.cjs, commit-and-tag-version's).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
