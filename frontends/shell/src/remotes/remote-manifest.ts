/** One remote as the federation runtime registers it. */
export interface RemoteEntry {
  name: string;
  entry: string;
}

/** Reads `/remotes.json`: `{"home": "/remotes/home/mf-manifest.json", ...}`. */
export function readRemoteManifest(body: unknown): RemoteEntry[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body).flatMap(([name, entry]) =>
    typeof entry === 'string' && entry !== '' ? [{ name, entry }] : [],
  );
}

/** Fetches the manifest; an unreachable or broken manifest registers no remote. */
export async function fetchRemoteManifest(fetch: typeof globalThis.fetch, url = '/remotes.json'): Promise<RemoteEntry[]> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return response.ok ? readRemoteManifest(await response.json()) : [];
  } catch {
    return [];
  }
}
