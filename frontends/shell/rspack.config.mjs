import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared build settings, not application code
import { appConfig } from '../rspack.common.mjs';
import { DefaultRemotesPlugin } from './default-remotes-plugin.mjs';
import { PwaPlugin } from './pwa/pwa-plugin.mjs';

const dir = dirname(fileURLToPath(import.meta.url));

export default appConfig({
  name: 'shell',
  dir,
  publicPath: '/',
  plugins: [
    new DefaultRemotesPlugin(['home', 'accounts', 'reports', 'admin']),
    // The manifest, icons and the one service worker, /sw.js (served from the root so that it controls the
    // app): it caches the shell and the remotes' assets and carries the push handlers of src/user/push-sw.js.
    new PwaPlugin({ pushWorker: `${dir}/src/user/push-sw.js` }),
  ],
});
