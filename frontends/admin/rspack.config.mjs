import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { remoteConfig } from '../rspack.common.mjs';

export default remoteConfig('admin', dirname(fileURLToPath(import.meta.url)));
