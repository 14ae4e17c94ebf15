#!/usr/bin/env node
// `npm run refence-log`: after a restore into another PostgreSQL cluster, make the event log's
// positions follow this cluster's transaction ids again (services/projector/src/refence.ts).
import { runProjectorScript } from './lib/projector-script.mjs';

await runProjectorScript('refence');
