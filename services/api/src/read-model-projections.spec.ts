import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import type { Projection } from '@budget/platform';
import { readModelProjections } from './read-model-projections.js';

// Account deletion erases the rows of `readModelProjections`; the projector writes those of its
// `allProjections`. Services may not import each other, so the projector's list is loaded by path.
const projectorList = join(process.cwd(), 'services', 'projector', 'src', 'projections.ts');

test('account deletion erases every read-model table the projector writes', async () => {
  expect(existsSync(projectorList), `${projectorList} moved: point this test at the projector's list`).toBe(true);
  const { allProjections } = (await import(pathToFileURL(projectorList).href)) as { allProjections: readonly Projection[] };
  const tables = (list: readonly Projection[]) => [...new Set(list.flatMap((p) => p.tables))].sort();
  expect(tables(readModelProjections)).toEqual(tables(allProjections));
});
