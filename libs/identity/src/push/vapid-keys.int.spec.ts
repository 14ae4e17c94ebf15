import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The VAPID pair kept in a file (vapid-keys.ts) is made once by whichever process starts first;
 * the others, starting at the same moment, read that pair: none reads the file half-written (the
 * clean-clone test run once failed there: a worker read an empty file its neighbour had just
 * created), all agree, and no draft file is left behind. Processes, not calls: the race is between
 * processes starting together, as the api, the worker and the test workers do.
 */
const source = fileURLToPath(new URL('./vapid-keys.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Starts one process that waits for `startAt`, loads the pair from `file` and prints its public key. */
function loadInProcess(file: string, startAt: number): Promise<{ code: number | null; out: string; err: string }> {
  const script = `
    const { loadVapidKeys } = await import(${JSON.stringify(source)});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(loadVapidKeys({ VAPID_KEYS_FILE: ${JSON.stringify(file)} }, '/').publicKey);`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, NODE_OPTIONS: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('the VAPID pair kept in a file', { timeout: 120_000 }, () => {
  it('given eight processes start together on no file, then one pair is made and all eight read it whole', async () => {
    for (let round = 0; round < 4; round += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
      dirs.push(dir);
      const file = join(dir, 'vapid.json');
      // Far enough ahead for every process to have loaded the module before it.
      const startAt = Date.now() + 4_000;
      const results = await Promise.all(Array.from({ length: 8 }, () => loadInProcess(file, startAt)));
      for (const result of results) expect(result, result.err).toMatchObject({ code: 0 });
      const keys = new Set(results.map((r) => r.out));
      expect(keys.size, `round ${round}: the processes agree on one public key`).toBe(1);
      expect([...keys][0]).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      expect(readdirSync(dir), 'only the pair is left').toEqual(['vapid.json']);
    }
  });
});
