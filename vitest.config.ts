import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Tests import libs (and tools such as @budget/plaid-simulator) by package name; point those names
 * at the TypeScript sources so no build is needed first. Built on the fly from every package.json
 * "exports" whose "types" is a TypeScript source (not a .d.ts/.d.mts declaration).
 */
function libAliases(): { find: string | RegExp; replacement: string }[] {
  const aliases: { find: RegExp; replacement: string }[] = [];
  for (const [root, dir] of ['libs', 'tools'].flatMap((root) => readdirSync(root).map((dir) => [root, dir] as const))) {
    const manifest = join(root, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, { types?: string }> };
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      if (!target.types || /\.d\.[cm]?ts$/.test(target.types)) continue;
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
      const escaped = specifier.replace(/[/.@-]/g, (c) => `\\${c}`);
      aliases.push({ find: new RegExp(`^${escaped}$`), replacement: resolve(root, dir, target.types) });
    }
  }
  return aliases;
}

const exclude = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  resolve: { alias: libAliases() },
  test: {
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // At least two files at a time (vitest's default, one less than the cores, is one on two): the unit project 71 → 52 s here.
        test: { name: 'unit', include: ['{libs,services,frontends,tools}/**/*.spec.{ts,tsx}'], exclude: [...exclude, '**/*.int.spec.*', '**/*.e2e.spec.*'], maxWorkers: Math.max(2, availableParallelism() - 1) },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{libs,services,tools}/**/*.int.spec.ts'],
          exclude,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Each worker keeps its modules from one file to the next instead of importing the API again
          // for every file (vitest's isolation): the project's import time summed over its files went
          // from 322 s to 18–21 s, its run from 700 s to 431 and 515 s here. Every file makes its own database,
          // app and Redis prefix and closes them; a file that sets an environment variable or a spy
          // puts it back (docs/architecture.md §10).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['{services,frontends}/**/*.e2e.spec.ts'],
          exclude,
          // One stack on the default settings for every file that uses `withStack` (frontends/e2e/src/stack.ts).
          globalSetup: ['frontends/e2e/src/shared-stack.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time: one left half of the two cores idle, waiting on the browser and the
          // services (docs/architecture.md §10); each file has its own users, browser and stack or pool.
          maxWorkers: 2,
        },
      },
    ],
  },
});
