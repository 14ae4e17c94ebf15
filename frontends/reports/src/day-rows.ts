/**
 * The ids one `GET /transactions?t=…` asks for. The route takes up to 500 (`MAX_REPEATED_VALUES`),
 * but every id is 39 characters of the request line (`t=<uuid>&`): 500 make a 19.5 KB URL, past
 * Node's 16 KiB limit on a request's head and nginx's 8 KiB request-line buffer in front of the
 * api (deploy/nginx). 150 make about 5.9 KB, well inside both.
 */
export const IDS_PER_CALL = 150;
/** A request line our deployment takes: nginx's default `large_client_header_buffers` size. */
export const MAX_REQUEST_LINE = 8 * 1024;

/** `items` cut into runs of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number = IDS_PER_CALL): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`A chunk holds at least one item, not ${size}.`);
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/**
 * The rows of every id, asked for in chunks of at most `size` ids (`IDS_PER_CALL`), at most
 * `parallel` calls at a time, joined in the ids' chunk order. One failed call
 * fails the whole (the screen shows its error and a retry, never a part of the day as the day).
 */
export async function rowsInChunks<R>(
  ids: readonly string[],
  fetchChunk: (chunk: string[]) => Promise<readonly R[]>,
  { size = IDS_PER_CALL, parallel = 3 }: { size?: number; parallel?: number } = {},
): Promise<R[]> {
  const chunks = chunksOf(ids, size);
  const answers: (readonly R[])[] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      answers[index] = await fetchChunk(chunks[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, parallel), chunks.length) }, worker));
  return answers.flat();
}
