import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared build settings, not application code
import { remoteConfig } from '../rspack.common.mjs';

export default remoteConfig('home', dirname(fileURLToPath(import.meta.url)));
