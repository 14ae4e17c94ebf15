// Makes the shell installable (docs/architecture.md §9): emits the web app manifest, its PNG icons
// (drawn by ./icons.mjs), and /sw.js — ./sw.js with the build's version and the list of the
// shell's own files to cache at install, followed by the push handlers of src/user/push-sw.js —
// and links the manifest from index.html. compress-assets.mjs precompresses the manifest and sw.js
// with the rest.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { iconPng } from './icons.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

export const THEME_COLOUR = '#2f6f4f';
const ICONS = [192, 512];

/** The web app manifest: the app opens on /home, standalone, in the product's green. */
export function webManifest() {
  return {
    name: 'Budget',
    short_name: 'Budget',
    description: 'Envelope budgeting: fund categories, assign every transaction, see where the money goes.',
    id: '/home',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f6f7f9',
    theme_color: THEME_COLOUR,
    icons: ICONS.flatMap((size) => [
      { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
  };
}

/** The shell's files the worker caches at install: the page, scripts, styles, manifest and icons. */
export function precacheList(assetNames) {
  const files = assetNames.filter((name) => /\.(js|css)$/.test(name) && !/^(sw|push-sw)\.js$/.test(name) && name !== 'remoteEntry.js');
  return ['/index.html', '/manifest.webmanifest', ...ICONS.map((size) => `/icons/icon-${size}.png`), ...files.sort().map((name) => `/${name}`)];
}

const THEME_COLOUR_TAGS =
  `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOUR}" />` +
  '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1d2128" />';

const HEAD_TAGS = [
  '<link rel="manifest" href="/manifest.webmanifest" />',
  '<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png" />',
  '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
  '<meta name="mobile-web-app-capable" content="yes" />',
  '<meta name="apple-mobile-web-app-status-bar-style" content="default" />',
  '<meta name="color-scheme" content="light dark" />',
].join('');

export class PwaPlugin {
  /** @param {{ pushWorker?: string }} options pushWorker: a worker script whose handlers /sw.js includes. */
  constructor({ pushWorker } = {}) {
    this.pushWorker = pushWorker;
  }

  apply(compiler) {
    const name = 'PwaPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(name, async (data) => {
        data.html = data.html
          .replace(/<link rel="icon" href="data:,"\s*\/?>/, '')
          // The browser's bar in the app bar's colour of each scheme (src/theme.css --color-bar).
          .replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, THEME_COLOUR_TAGS)
          .replace('</head>', `${HEAD_TAGS}</head>`);
        return data;
      });
      compilation.hooks.processAssets.tap({ name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { RawSource } = compiler.webpack.sources;
        compilation.emitAsset('manifest.webmanifest', new RawSource(`${JSON.stringify(webManifest(), null, 2)}\n`));
        for (const size of ICONS) compilation.emitAsset(`icons/icon-${size}.png`, new RawSource(iconPng(size)));

        const precache = precacheList(compilation.getAssets().map((asset) => asset.name));
        const push = this.pushWorker && existsSync(this.pushWorker) ? readFileSync(this.pushWorker, 'utf8') : '';
        const worker = readFileSync(here('./sw.js'), 'utf8');
        // The version changes whenever a cached file, the worker or its push handlers change.
        const version = createHash('sha256').update(JSON.stringify(precache)).update(worker).update(push).digest('hex').slice(0, 12);
        const build = `const BUILD = ${JSON.stringify({ version, precache })};\n`;
        compilation.emitAsset('sw.js', new RawSource(`${build}${worker}\n${push}`));
      });
    });
  }
}
