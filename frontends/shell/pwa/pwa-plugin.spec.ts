import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
// @ts-expect-error -- a build script without type declarations
import { precacheList, webManifest } from './pwa-plugin.mjs';
// @ts-expect-error -- a build script without type declarations
import { iconPng } from './icons.mjs';

describe('installable shell', () => {
  it('describes a standalone app opening on /home with 192 and 512 pixel icons', () => {
    const manifest = webManifest();
    expect(manifest).toMatchObject({ name: 'Budget', start_url: '/home', display: 'standalone', theme_color: '#2f6f4f' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '192x192', '512x512', '512x512']);
  });

  it('caches the page, manifest, icons and the shell scripts and styles at install, never the worker or the remote entry', () => {
    const list = precacheList(['main.1234abcd.js', 'sw.js', 'push-sw.js', 'remoteEntry.js', '611.b1440345.css', 'index.html', 'manifest.webmanifest', '10.054ed942.js.map']);
    expect(list).toEqual(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/611.b1440345.css', '/main.1234abcd.js']);
  });

  it('draws a square RGB PNG of the asked size', () => {
    const png: Buffer = iconPng(192);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[25]]).toEqual([192, 192, 2]);
    const idatLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(192 * (192 * 3 + 1));
    // The corner is the product's green; the envelope's top edge (y = 0.31 of the size) is white.
    expect([...rows.subarray(1, 4)]).toEqual([0x2f, 0x6f, 0x4f]);
    const row = Math.round(0.31 * 192) * (192 * 3 + 1);
    expect([...rows.subarray(row + 1 + 96 * 3, row + 4 + 96 * 3)]).toEqual([255, 255, 255]);
  });
});
