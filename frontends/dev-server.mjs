#!/usr/bin/env node
// Development: `node frontends/dev-server.mjs <app>` rebuilds the app on every change and serves
// it. The shell is served at `/` with whatever remotes are built under `/remotes/<name>/`; a
// remote is served on its own, its index.html mounting its routes with the providers. Requests
// to /api go to API_URL (default http://localhost:3000).
import http from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createStaticHandler } from './shell/serve-static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const app = process.argv[2] ?? 'shell';
const port = Number(process.env.PORT ?? (app === 'shell' ? 8080 : 8081));
const api = new URL(process.env.API_URL ?? 'http://localhost:3000');
process.env.NODE_ENV = 'development';

const config = (await import(`./${app}/rspack.config.mjs`)).default;
const dist = resolve(here, app, 'dist');
const serveStatic = createStaticHandler(
  app === 'shell' ? { shellDir: dist, remotesDir: here } : { shellDir: dist, remotesDir: { [app]: dist } },
);

function proxy(req, res) {
  const upstream = http.request(
    { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`API not reachable at ${api.origin}`);
  });
  req.pipe(upstream);
}

rspack(config).watch({}, (error, stats) => {
  if (error) console.error(error);
  else console.log(stats.hasErrors() ? stats.toString('errors-only') : `${app} rebuilt`);
});

http
  .createServer((req, res) => (req.url?.startsWith('/api/') ? proxy(req, res) : serveStatic(req, res)))
  .listen(port, () => console.log(`${app}: http://localhost:${port}/`));
