import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface TestResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Thin `app.inject` wrapper: path relative to /api/v1, JSON body, optional bearer token and IP. */
export class TestHttp {
  constructor(private readonly app: NestFastifyApplication) {}

  async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<TestResponse> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await this.app.inject({
      method,
      url: `/api/v1/${path}`,
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    return { status: response.statusCode, body: response.body, headers: response.headers, json: () => JSON.parse(response.body) };
  }

  get(path: string, token?: string) {
    return this.call('GET', path, token ? { token } : {});
  }
  post(path: string, body?: unknown, token?: string, ip?: string) {
    return this.call('POST', path, { body, ...(token ? { token } : {}), ...(ip ? { ip } : {}) });
  }
  patch(path: string, body: unknown, token?: string) {
    return this.call('PATCH', path, { body, ...(token ? { token } : {}) });
  }
  delete(path: string, token?: string) {
    return this.call('DELETE', path, token ? { token } : {});
  }
}
