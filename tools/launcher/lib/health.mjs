import { LauncherError } from './log.mjs';
import { waitUntil } from './probe.mjs';

async function answersOk(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 2xx; gives up at the timeout or when `gaveUp()` turns true. */
export async function waitForHealth(url, { timeoutMs = 120_000, gaveUp = () => false } = {}) {
  const ok = await waitUntil(() => answersOk(url), { timeoutMs, intervalMs: 250, gaveUp });
  if (!ok) throw new LauncherError(`${url} did not answer${gaveUp() ? '' : ` within ${Math.round(timeoutMs / 1000)} s`}`);
}
