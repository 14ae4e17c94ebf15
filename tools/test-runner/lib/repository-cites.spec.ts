import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/architecture.md §10): code, tests and docs cite its own
 * documents — docs/architecture.md and docs/spec — never a tracker's issue numbers, which mean
 * nothing to a reader of the code, and never files outside the repository. A section of
 * docs/architecture.md that is cited exists.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|css|html|ya?ml)$/;
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.nx', '.git', 'coverage']);

function textFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) textFiles(path, into);
    else if (TEXT.test(entry.name)) into.push(path);
  }
  return into;
}

const files = [...['libs', 'services', 'frontends', 'tools', 'deploy', 'docs'].flatMap((dir) => textFiles(join(root, dir))), join(root, 'README.md')].map(
  (path) => ({ path: relative(root, path), lines: readFileSync(path, 'utf8').split('\n') }),
);

/** Each line of the repository's text files that matches `pattern`, as `path:line: text`. */
function linesMatching(pattern: RegExp): string[] {
  return files.flatMap(({ path, lines }) => lines.flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
}

/** The sections docs/architecture.md has: its numbered headings, and §11's numbered rules (cited as §11.n). */
function architectureSections(): Set<string> {
  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const sections = new Set<string>();
  for (const [, number] of text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)) sections.add(number!);
  const style = /^## 11\. [^\n]*\n([\s\S]*?)^## /m.exec(text)?.[1] ?? '';
  for (const [, rule] of style.matchAll(/^(\d+)\. /gm)) sections.add(`11.${rule}`);
  return sections;
}

describe('the repository cites its own documents', () => {
  it('reads the text files of every part of the workspace', () => {
    // A walk that found nothing would pass every check below.
    expect(files.length).toBeGreaterThan(500);
    expect(files.some(({ path }) => path === 'docs/architecture.md')).toBe(true);
  });

  it('names no issue of a tracker', () => {
    expect(linesMatching(/\bissues? ?#?\d+/i)).toEqual([]);
  });

  it('points at no file outside the repository', () => {
    expect(linesMatching(/\.\.\/shared\b/)).toEqual([]);
  });

  it('cites only sections of docs/architecture.md that exist', () => {
    const sections = architectureSections();
    expect(sections.has('4.8')).toBe(true);
    expect(sections.has('11.2')).toBe(true);
    const missing = files.flatMap(({ path, lines }) =>
      lines.flatMap((line, i) =>
        [...line.matchAll(/docs\/architecture\.md §(\d+(?:\.\d+)*)/g)].filter(([, section]) => !sections.has(section!)).map(([cited]) => `${path}:${i + 1}: ${cited}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
