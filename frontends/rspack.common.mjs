// Build settings shared by the shell and every remote: one rspack compiler per app.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const root = resolve(fileURLToPath(import.meta.url), '../..');

/**
 * Shared once across the shell and the remotes: a second React or router would break hooks. zod
 * and the contracts are not shared: a shared module is loaded whole (zod alone: 72 KB of Brotli),
 * where each app's tree-shaken copy is 23 KB.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@budget/web': { singleton: true, version: '0.0.0', requiredVersion: '0.0.0' },
};

/**
 * One copy of Module Federation's runtime core on a page: the shell (a pure consumer) provides it,
 * and the remotes' production builds use the shell's instead of carrying their own in
 * `remoteEntry.js` (README "Performance", first screen). A remote run standalone in development
 * has no shell to provide it, so its development build keeps its own.
 */
function federationRuntime(exposes, development) {
  if (!exposes) return { provideExternalRuntime: true };
  return development ? {} : { externalRuntime: true };
}

/**
 * The rspack configuration of one front-end app.
 * @param {{ name: string, dir: string, publicPath: string, exposes?: Record<string, string>, plugins?: unknown[] }} app
 */
export function appConfig({ name, dir, publicPath, exposes, plugins = [] }) {
  const development = process.env.NODE_ENV === 'development';
  return {
    name,
    mode: development ? 'development' : 'production',
    devtool: development ? 'cheap-module-source-map' : false,
    context: dir,
    entry: { main: './src/main.ts' },
    output: {
      path: resolve(dir, 'dist'),
      publicPath,
      uniqueName: name,
      clean: true,
      filename: development ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: development ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: development ? '[name].css' : '[name].[contenthash:8].css',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        '@budget/web$': resolve(root, 'libs/web/src/index.ts'),
        '@budget/money$': resolve(root, 'libs/money/src/index.ts'),
        '@budget/contracts$': resolve(root, 'libs/contracts/src/index.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development } },
            },
          },
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      // One page for every app: the shell's, and each remote's own when it runs standalone.
      new rspack.HtmlRspackPlugin({ template: resolve(dir, '..', 'index.html'), chunks: ['main'] }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons,
        manifest: exposes ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        experiments: federationRuntime(exposes, development),
      }),
      ...plugins,
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** A remote: exposes its routes as `./App` from `/remotes/<name>/`. */
export function remoteConfig(name, dir) {
  return appConfig({ name, dir, publicPath: `/remotes/${name}/`, exposes: { './App': './src/App.tsx' } });
}
