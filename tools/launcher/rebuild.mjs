#!/usr/bin/env node
// `npm run rebuild-read-models`: drop and rebuild every read model from the event log.
import { runProjectorScript } from './lib/projector-script.mjs';

await runProjectorScript('rebuild');
