import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '@budget/platform/testing';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The front ends' nginx configs (deploy/nginx), as the web image installs them, checked by nginx
 * itself (`nginx -t`) and served: every file nginx serves carries the api's security headers, HSTS
 * only when the request came over TLS, and the cache rules. `.ci/run` installs Debian's
 * nginx-light when nginx is missing.
 */
const deploy = resolve(import.meta.dirname, '../../../deploy/nginx');
const nginx = (() => {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'pipe' });
      return candidate;
    } catch {
      // not there
    }
  }
  return null;
})();

let dir = '';
let port = 0;
let config = '';

/** The image's layout in a temporary folder: conf.d with the include, the html root, the upstreams pointed at a closed port. */
function install(name: 'shell' | 'remote', listen: number): string {
  const conf = join(dir, 'conf.d');
  mkdirSync(conf, { recursive: true });
  copyFileSync(join(deploy, 'security-headers.inc'), join(conf, 'security-headers.inc'));
  const text = readFileSync(join(deploy, `${name}.conf`), 'utf8')
    .replaceAll('/etc/nginx/conf.d/security-headers.inc', join(conf, 'security-headers.inc'))
    .replaceAll('/usr/share/nginx/html', join(dir, 'html'))
    .replace(/proxy_pass http:\/\/[a-z-]+:\d+/g, 'proxy_pass http://127.0.0.1:9')
    .replace('listen 8080;', `listen 127.0.0.1:${listen};`);
  writeFileSync(join(conf, `${name}.conf`), text);
  const main = join(dir, `nginx-${name}.conf`);
  writeFileSync(main, `pid ${join(dir, `${name}.pid`)};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; include ${join(conf, `${name}.conf`)}; }\n`);
  return main;
}

describe.skipIf(nginx === null)('the front ends\' nginx (deploy/nginx)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'budget-nginx-'));
    mkdirSync(join(dir, 'html'), { recursive: true });
    writeFileSync(join(dir, 'html', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'html', 'main.d7aacf46.js'), 'console.log(1)');
    port = await freePort();
    config = install('shell', port);
    const started = spawn(nginx!, ['-c', config], { stdio: 'ignore' });
    await new Promise((done) => started.once('exit', done));
    for (let i = 0; i < 200; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((done) => setTimeout(done, 25));
    }
  });
  afterAll(() => {
    if (config) {
      try {
        execFileSync(nginx!, ['-c', config, '-s', 'stop'], { stdio: 'pipe' });
      } catch {
        // not running
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('both configs pass nginx -t', () => {
    expect(() => execFileSync(nginx!, ['-t', '-c', config], { stdio: 'pipe' })).not.toThrow();
    const remote = install('remote', port + 1);
    expect(() => execFileSync(nginx!, ['-t', '-c', remote], { stdio: 'pipe' })).not.toThrow();
  });

  it('every file the shell serves carries the security headers; HSTS only over TLS; the cache rules hold', async () => {
    for (const path of ['/', '/home/some-category', '/index.html', '/main.d7aacf46.js']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(answer.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
    const overTls = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await fetch(`http://127.0.0.1:${port}/index.html`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`http://127.0.0.1:${port}/main.d7aacf46.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
