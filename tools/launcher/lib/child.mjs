import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = [36, 35, 33, 32, 34, 31];
let nextColor = 0;
const live = new Set();

// Children live in their own process groups: never leave one behind, whatever ends the launcher.
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/**
 * Starts a long-running child in its own process group (so a Ctrl-C reaches the launcher, which
 * stops children in order) and prefixes every line it prints with `[name]`.
 */
export function spawnPrefixed(name, command, args, { cwd, env } = {}) {
  const color = COLORS[nextColor++ % COLORS.length];
  const label = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m` : `[${name}]`;
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${label} ${line}\n`));
  }
  live.add(child);
  let result;
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      live.delete(child);
      result ??= { name, code: null, signal: null, error };
      resolve(result);
    });
    child.once('exit', (code, signal) => {
      live.delete(child);
      result ??= { name, code, signal };
      resolve(result);
    });
  });

  /** SIGTERM, then SIGKILL when the child has not exited within `graceMs`. */
  async function stop(graceMs = 15_000) {
    if (result) return result;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const outcome = await exited;
    clearTimeout(timer);
    return outcome;
  }

  return { name, child, exited, stop, hasExited: () => result !== undefined };
}
