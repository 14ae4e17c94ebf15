import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared build settings, not application code
import { appConfig } from '../rspack.common.mjs';
import { DefaultRemotesPlugin } from './default-remotes-plugin.mjs';

const dir = dirname(fileURLToPath(import.meta.url));

export default appConfig({ name: 'shell', dir, publicPath: '/', plugins: [new DefaultRemotesPlugin(['home', 'accounts', 'reports', 'admin'])] });
