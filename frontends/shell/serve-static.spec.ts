import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedEncodings, createStaticHandler } from './serve-static.mjs';

const BIG = 'export const x = "compress me";\n'.repeat(200);

/** A raw GET (no automatic decoding, unlike fetch): status, headers and the bytes as sent. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ status: number; encoding: string | undefined; vary: string | undefined; length: string | undefined; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary, length: res.headers['content-length'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

function layout(): string {
  const root = mkdtempSync(join(tmpdir(), 'serve-static-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('shell/dist/index.html', '<html>shell</html>');
  write('shell/dist/main.0123abcd.js', 'main');
  write('home/dist/remoteEntry.js', 'entry');
  write('home/dist/big.0123abcd.js', BIG);
  writeFileSync(join(root, 'home/dist/big.0123abcd.js.br'), brotliCompressSync(BIG));
  writeFileSync(join(root, 'home/dist/big.0123abcd.js.gz'), gzipSync(BIG));
  write('shell/dist/only-gzip.js', BIG);
  writeFileSync(join(root, 'shell/dist/only-gzip.js.gz'), gzipSync(BIG));
  write('home/src/App.tsx', 'source');
  write('secret.txt', 'secret');
  return root;
}

describe('createStaticHandler', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const root = layout();
    const handler = createStaticHandler({ shellDir: join(root, 'shell/dist'), remotesDir: root });
    server = createServer((req, res) =>
      handler(req, res, () => {
        res.writeHead(418).end('next');
      }),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const get = async (path: string) => {
    const response = await fetch(base + path);
    return { status: response.status, body: await response.text(), cache: response.headers.get('cache-control'), type: response.headers.get('content-type') };
  };

  it('serves shell files, hashed ones as immutable', async () => {
    expect(await get('/main.0123abcd.js')).toMatchObject({ status: 200, body: 'main', cache: 'public, max-age=31536000, immutable' });
    expect((await get('/main.0123abcd.js')).type).toContain('text/javascript');
  });

  it("answers client routes with the shell's index.html, revalidated", async () => {
    expect(await get('/home/12')).toMatchObject({ status: 200, body: '<html>shell</html>', cache: 'no-cache' });
  });

  it("serves a remote's build under /remotes/<name>/ and nothing else of its folder", async () => {
    expect(await get('/remotes/home/remoteEntry.js')).toMatchObject({ status: 200, body: 'entry' });
    expect((await get('/remotes/home/../src/App.tsx')).body).not.toBe('source');
    expect((await get('/remotes/home/%2e%2e/src/App.tsx')).status).toBe(418);
    expect((await get('/remotes/missing/mf-manifest.json')).status).toBe(418);
  });

  it('passes on API paths, missing assets and paths that climb out', async () => {
    expect((await get('/api/v1/user')).status).toBe(418);
    expect((await get('/missing.js')).status).toBe(418);
    expect((await get('/%2e%2e/%2e%2e/secret.txt')).status).toBe(418);
  });

  it("given isPage, answers a path that is no page with the shell's index.html and status 404", async () => {
    const handler = createStaticHandler({ shellDir: join(layout(), 'shell/dist'), remotesDir: {}, isPage: (path) => path.startsWith('/home') });
    const pages = createServer((req, res) => handler(req, res));
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    try {
      const at = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
      const missing = await fetch(`${at}/no-such-page`);
      expect([missing.status, await missing.text(), missing.headers.get('content-type')]).toEqual([404, '<html>shell</html>', 'text/html; charset=utf-8']);
      expect((await fetch(`${at}/home/12`)).status).toBe(200);
    } finally {
      await new Promise<void>((done) => pages.close(() => done()));
    }
  });

  it('sends the precompressed copy the browser accepts, Brotli before gzip, with its length and Vary', async () => {
    const br = await rawGet(`${base}/remotes/home/big.0123abcd.js`, 'gzip, deflate, br');
    expect([br.status, br.encoding, br.vary, Number(br.length)]).toEqual([200, 'br', 'Accept-Encoding', br.body.length]);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG);
    expect(br.body.length).toBeLessThan(BIG.length / 5);

    const gz = await rawGet(`${base}/remotes/home/big.0123abcd.js`, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG);

    const refused = await rawGet(`${base}/remotes/home/big.0123abcd.js`, 'br;q=0, gzip');
    expect(refused.encoding).toBe('gzip');

    const plain = await rawGet(`${base}/remotes/home/big.0123abcd.js`);
    expect([plain.encoding, plain.body.toString()]).toEqual([undefined, BIG]);
  });

  it('falls back to what exists: gzip when the build made no Brotli copy, the file itself when neither', async () => {
    expect((await rawGet(`${base}/only-gzip.js`, 'br, gzip')).encoding).toBe('gzip');
    const entry = await rawGet(`${base}/remotes/home/remoteEntry.js`, 'br, gzip');
    expect([entry.encoding, entry.body.toString()]).toEqual([undefined, 'entry']);
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=1.0')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
