#!/usr/bin/env node
// Builds the shell and every remote in one rspack multi-compiler run; exits non-zero on failure.
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { compressDir } from './compress-assets.mjs';

export const APPS = ['shell', 'home', 'accounts', 'reports', 'admin'];

const configs = await Promise.all(APPS.map(async (app) => (await import(`./${app}/rspack.config.mjs`)).default));
const started = Date.now();
const compiler = rspack(configs);

compiler.run((error, stats) => {
  compiler.close(() => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    for (const child of stats.stats) {
      const { name, startTime, endTime } = child.compilation;
      const status = child.hasErrors() ? 'failed' : 'built';
      console.log(`${name}: ${status} in ${endTime - startTime} ms`);
    }
    if (stats.hasErrors()) {
      console.error(stats.toString({ all: false, errors: true, colors: false }));
      process.exit(1);
    }
    const compressing = Date.now();
    Promise.all(APPS.map((app) => compressDir(fileURLToPath(new URL(`./${app}/dist`, import.meta.url)))))
      .then((counts) => {
        console.log(`${counts.reduce((a, b) => a + b, 0)} assets precompressed (br, gz) in ${Date.now() - compressing} ms`);
        console.log(`all ${APPS.length} apps built in ${Date.now() - started} ms`);
      })
      .catch((failure) => {
        console.error(failure);
        process.exit(1);
      });
  });
});
