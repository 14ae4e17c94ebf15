import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFetch } from './upload-fetch.js';
import { importingLabel, ofxRowCount } from './use-import-runner.js';

/** Just enough of XMLHttpRequest: records what is sent, and lets the test drive the upload's events. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: 7\r\n';
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFetch', () => {
  it('sends through XMLHttpRequest, reports the fraction uploaded, and answers a Response with status, headers and body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const answer = uploadFetch((f) => progress.push(f))('/api/v1/account/a/ofx', { method: 'POST', headers: { Authorization: 'Bearer t' }, body: 'OFX' });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.authorization, xhr.body]).toEqual(['POST', '/api/v1/account/a/ofx', 'Bearer t', 'OFX']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 });
    xhr.upload.onload?.();
    Object.assign(xhr, { status: 201, statusText: 'Created', responseText: '{"data":{"added":1}}' });
    xhr.onload?.();
    const response = await answer;
    expect(progress).toEqual([0.25, 1]);
    expect([response.status, response.headers.get('x-request-id')]).toEqual([201, '7']);
    expect(await response.json()).toEqual({ data: { added: 1 } });
  });

  it('fails as fetch does when the network fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = uploadFetch(() => undefined)('/x', { method: 'POST', body: 'b' });
    FakeXhr.last.onerror?.();
    await expect(answer).rejects.toThrow(TypeError);
  });
});

describe('the import labels', () => {
  it('says how many rows are being imported', () => {
    expect(importingLabel(5000)).toBe('Importing 5,000 rows…');
    expect(importingLabel(1)).toBe('Importing 1 row…');
    expect(importingLabel(null)).toBe('Importing transactions…');
    expect(ofxRowCount('<STMTTRN>a</STMTTRN>\n<stmttrn>b</stmttrn>')).toBe(2);
  });
});
