import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/**
 * Loaded into the API process with `--import` by `profile.ts` (NODE_OPTIONS): a CPU profile of a
 * window the driver chooses, through the inspector module's Profiler in the process itself (no
 * debugger port). SIGWINCH, because Nest's shutdown hooks end the process on SIGUSR2 (and SIGUSR1
 * opens Node's inspector port); a server has no terminal to resize. The first SIGWINCH starts the profiler and writes `<PROFILE_OUT>.started`; the
 * second stops it and writes the profile to `PROFILE_OUT` (through a rename, so a reader never sees
 * half a file). Start-up, the fill and the warm-up stay out of the profile, which `--cpu-prof`
 * (the whole life of the process) would not allow. Without PROFILE_OUT it does nothing.
 */
const out = process.env.PROFILE_OUT;
const interval = Number(process.env.PROFILE_SAMPLING_US ?? 500);

if (out) {
  const session = new Session();
  session.connect();
  const post = <T = unknown>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  let running = false;
  let busy: Promise<void> = Promise.resolve();
  const toggle = async () => {
    if (!running) {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval });
      await post('Profiler.start');
      running = true;
      writeFileSync(`${out}.started`, String(Date.now()));
    } else {
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      running = false;
      writeFileSync(`${out}.tmp`, JSON.stringify(profile));
      renameSync(`${out}.tmp`, out);
    }
  };
  process.on('SIGWINCH', () => {
    busy = busy.then(toggle).catch((error: unknown) => console.error('profile agent:', error));
  });
}
