/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` on XMLHttpRequest, whose upload reports how much of the body has gone out (fetch does
 * not, and streaming request bodies need HTTP/2): `onProgress` gets the fraction sent, 1 once the
 * whole file is up and the server is working on it. For `SendOptions.transport` of the API client.
 */
export function uploadFetch(onProgress: (fraction: number) => void): typeof globalThis.fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', input instanceof Request ? input.url : String(input));
      new Headers(init?.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () =>
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
