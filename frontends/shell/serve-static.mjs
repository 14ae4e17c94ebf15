// Serves the built front end: the shell at `/`, each remote at `/remotes/<name>/`, and the shell's
// index.html for any other path without a file extension (client-side routes; with `isPage`, a
// path that is no page gets it with status 404, and the shell shows its "Page not found"). The API
// server mounts the same handler after its own routes.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Files whose names stay the same across builds must be revalidated; hashed ones never change. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file under `dir` that a URL path names, or null when the path climbs out of `dir`. */
function inside(dir, urlPath) {
  const path = resolve(dir, `.${normalize(`/${urlPath}`)}`);
  return path === dir || path.startsWith(dir + sep) ? path : null;
}

/** The precompressed copies the build writes (`frontends/compress-assets.mjs`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/** The encodings an `Accept-Encoding` header allows (a `q=0` refuses one). */
export function acceptedEncodings(header) {
  const accepted = new Set();
  for (const part of String(header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  return accepted;
}

/** The file to send for `path`: its Brotli or gzip copy when the browser takes it and the build made one. */
async function variant(req, path) {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const { name, suffix } of ENCODINGS) {
    if ((accepted.has(name) || accepted.has('*')) && (await isFile(path + suffix))) return { file: path + suffix, encoding: name };
  }
  return { file: path, encoding: null };
}

async function send(req, res, path, status = 200) {
  const { file, encoding } = await variant(req, path);
  res.writeHead(status, {
    'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
    'Cache-Control': HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Content-Length': (await stat(file)).size,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/**
 * @param {{ shellDir: string, remotesDir: string | Record<string, string>, isPage?: (pathname: string) => boolean }} options
 *   shellDir: the shell's dist folder. remotesDir: either the folder holding one folder per app
 *   with its build in `<name>/dist` (this repository's `frontends`), or a map from remote name
 *   to its dist folder. isPage: whether an extensionless path is one of the app's pages; others
 *   are answered with the shell's index.html and status 404 (without it, every such path 200).
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: () => void) => Promise<void>}
 */
export function createStaticHandler({ shellDir, remotesDir, isPage }) {
  const shell = resolve(shellDir);
  const remoteDir = (name) =>
    typeof remotesDir === 'string' ? resolve(remotesDir, name, 'dist') : remotesDir[name] && resolve(remotesDir[name]);
  const notFound = (res, next) => {
    if (next) return next();
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  };

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res, next);
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    } catch {
      return notFound(res, next);
    }
    if (pathname.startsWith('/api/')) return notFound(res, next);

    const remote = /^\/remotes\/([a-z0-9-]+)(\/.*)$/.exec(pathname);
    if (remote) {
      const dir = remoteDir(remote[1]);
      const file = dir && inside(dir, remote[2]);
      return file && (await isFile(file)) ? send(req, res, file) : notFound(res, next);
    }

    const file = inside(shell, pathname);
    if (file && (await isFile(file))) return send(req, res, file);
    if (extname(pathname) !== '') return notFound(res, next);
    return send(req, res, join(shell, 'index.html'), isPage && !isPage(pathname) ? 404 : 200);
  };
}
