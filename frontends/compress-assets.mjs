// Precompresses the built front ends: next to every text asset worth compressing (scripts, styles,
// HTML, JSON, SVG) a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy, made once at build
// time so serving costs no CPU; `shell/serve-static.mjs` picks the copy the browser accepts.
// Source maps are left alone (only developer tools fetch them).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions of the assets that get compressed copies. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.webmanifest']);
/** Smaller files gain nothing worth a second request path. */
export const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`; answers how many files. */
export async function compressDir(dir) {
  let count = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path)) || (await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
    count += 1;
  }
  return count;
}
