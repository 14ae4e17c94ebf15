import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt.mjs';
import { say } from './log.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Makes sure Chromium exists for the browser tests (apt-get install when root); returns
 * { path } or { problem } with what a person has to do.
 */
export async function ensureChromium({ path = process.env.CHROMIUM_PATH ?? CHROMIUM_PATH } = {}) {
  if (existsSync(path)) return { path };
  if (canAptInstall()) {
    try {
      await aptInstall('chromium');
    } catch (error) {
      say(`Installing chromium failed: ${error.message}`);
    }
    if (existsSync(path)) return { path };
  }
  return { problem: `Chromium is missing at ${path}: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.` };
}
