import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LauncherError } from './log.mjs';
import { repoRoot } from './paths.mjs';

const foreground = new Set();

/** Runs a command with the terminal attached; rejects unless it exits 0. */
export function run(command, args, { cwd = repoRoot, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    foreground.add(child);
    child.on('error', (error) => {
      foreground.delete(child);
      reject(new LauncherError(`Could not run ${command}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      foreground.delete(child);
      if (code === 0) resolve();
      else reject(new LauncherError(`\`${[command, ...args].join(' ')}\` failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Stops whatever `run` is waiting for (an install or a build) when the launcher is told to stop. */
export function stopForegroundCommands() {
  for (const child of foreground) child.kill('SIGTERM');
}

export function commandExists(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export function isRoot() {
  return process.getuid?.() === 0;
}
