import { registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteManifest } from './remote-manifest.js';

let registered: Promise<void> | null = null;

/**
 * Registers the remotes listed in `/remotes.json` with the federation runtime, once. Remotes
 * are found at run time, so one can be rebuilt and redeployed without rebuilding the shell.
 */
export function remotesRegistered(): Promise<void> {
  registered ??= fetchRemoteManifest((input, init) => window.fetch(input, init)).then((remotes) => {
    registerRemotes(remotes);
  });
  return registered;
}
