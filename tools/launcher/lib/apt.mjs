import { say } from './log.mjs';
import { commandExists, isRoot, run } from './run.mjs';

export function canAptInstall() {
  return isRoot() && commandExists('apt-get');
}

/** `apt-get install -y`, refreshing the package lists first only when the install needs it. */
export async function aptInstall(...packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  say(`Installing ${packages.join(', ')} with apt-get`);
  try {
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
  } catch {
    await run('apt-get', ['update'], { env });
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
  }
}
