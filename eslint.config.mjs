import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module boundaries (DESIGN.md §2), checked from the Nx tags in each project.json:
 * - services compose contexts and platform; a bounded context uses platform and shared libs only —
 *   never another context (cross-context reads go through a public query whose message lives in
 *   libs/contracts, dispatched on the QueryBus); only test harnesses may compose contexts;
 * - web code (scope:web) never imports backend code; a front-end app never imports another app
 *   (remotes never import each other or the shell);
 * - `domain/` folders import nothing that does I/O.
 */
const depConstraints = [
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:composition', 'type:context', 'type:platform', 'scope:shared'] },
  // libs/read-models: the one list of every context's projections, for the services to run.
  { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:context', 'type:platform', 'scope:shared'] },
  { sourceTag: 'type:context', onlyDependOnLibsWithTags: ['type:platform', 'scope:shared'] },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
  { sourceTag: 'type:app', notDependOnLibsWithTags: ['type:app'] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['type:platform', 'type:context', 'type:composition', 'scope:shared', 'scope:tools'] },
  // End-to-end tests drive the whole product: the launcher, the services and the web apps.
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['*'] },
];

/** Tests and test harnesses (`testing/` folders) may put several contexts together. */
const testDepConstraints = depConstraints.map((c) =>
  c.sourceTag === 'type:context' ? { ...c, onlyDependOnLibsWithTags: ['type:context', 'type:platform', 'scope:shared'] } : c,
);
const testFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**/*.ts'];

const ioModules = ['@nestjs/*', 'pg', 'ioredis', 'bullmq', 'plaid', 'nodemailer', '@eventstore/*', 'node:fs', 'node:fs/*', 'node:net', 'node:http', 'fs', 'http'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/*.d.ts', 'deploy/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], enforceBuildableLibDependency: false, depConstraints }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: testFiles,
    rules: { '@nx/enforce-module-boundaries': ['error', { allow: [], enforceBuildableLibDependency: false, depConstraints: testDepConstraints }] },
  },
  {
    // `npm test` and the e2e stack import the launcher by path: they run before `npm install` has
    // linked the workspace packages (the launcher is what installs them).
    files: ['tools/test-runner/**/*.mjs', 'frontends/e2e/src/stack.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ioModules.map((group) => ({ group: [group], message: 'domain code is pure: no I/O imports' })) }] },
  },
  {
    files: ['frontends/**/*.{ts,tsx}', 'libs/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
