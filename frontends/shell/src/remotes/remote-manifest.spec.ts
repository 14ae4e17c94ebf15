import { describe, expect, it } from 'vitest';
import { fetchRemoteManifest, readRemoteManifest } from './remote-manifest.js';

describe('readRemoteManifest', () => {
  it('lists each remote with its manifest address', () => {
    expect(readRemoteManifest({ home: '/remotes/home/mf-manifest.json', admin: 'https://cdn/admin/mf-manifest.json' })).toEqual([
      { name: 'home', entry: '/remotes/home/mf-manifest.json' },
      { name: 'admin', entry: 'https://cdn/admin/mf-manifest.json' },
    ]);
  });

  it('skips entries that are not addresses and bodies that are not maps', () => {
    expect(readRemoteManifest({ home: 3, admin: '' })).toEqual([]);
    expect(readRemoteManifest(['home'])).toEqual([]);
    expect(readRemoteManifest(null)).toEqual([]);
  });
});

describe('fetchRemoteManifest', () => {
  it('registers nothing when the manifest cannot be fetched', async () => {
    const failing = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    const missing = (async () => new Response('no', { status: 404 })) as typeof fetch;
    await expect(fetchRemoteManifest(failing)).resolves.toEqual([]);
    await expect(fetchRemoteManifest(missing)).resolves.toEqual([]);
  });
});
