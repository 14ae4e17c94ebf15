import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const launcher = join(import.meta.dirname, 'start.mjs');

/** `npm run start:prod` refuses, before building or starting anything, when a secret is missing. */
async function startProd(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { PATH, HOME } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [launcher, '--production'], { env: { PATH: PATH ?? '', HOME: HOME ?? '', ...env }, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('npm run start:prod', () => {
  it('refuses without JWT_SECRET and PLAID_TOKEN_KEY, naming both and how to make them', async () => {
    const { code, output } = await startProd({});
    expect(code).not.toBe(0);
    expect(output).toContain('A production start takes its secrets from the environment');
    expect(output).toContain('JWT_SECRET (at least 32 characters');
    expect(output).toContain('PLAID_TOKEN_KEY (32 bytes in base64');
  });

  it('refuses a short JWT_SECRET and a token key of the wrong size', async () => {
    const { code, output } = await startProd({ JWT_SECRET: 'short', PLAID_TOKEN_KEY: Buffer.alloc(16).toString('base64') });
    expect(code).not.toBe(0);
    expect(output).toContain('JWT_SECRET');
    expect(output).toContain('PLAID_TOKEN_KEY');
  });
});
