import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared build settings, not application code
import { appConfig } from '../rspack.common.mjs';
import { rspack } from '@rspack/core';
import { DefaultRemotesPlugin } from './default-remotes-plugin.mjs';

const dir = dirname(fileURLToPath(import.meta.url));

export default appConfig({
  name: 'shell',
  dir,
  publicPath: '/',
  plugins: [
    new DefaultRemotesPlugin(['home', 'accounts', 'reports', 'admin']),
    // The push service worker (src/user/push-sw.js) is served from the root, so that it controls the app.
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/user/push-sw.js', to: 'push-sw.js' }] }),
  ],
});
