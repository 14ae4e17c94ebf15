import { describe, expect, it } from 'vitest';
import { parseWrk } from './measure.js';

const output = (extra: string) => `Running 5s test @ http://127.0.0.1:3000/api/v1/groups
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.07ms  350.11us   9.87ms   90.12%
    Req/Sec     9.35k   512.33    10.01k    78.00%
  46500 requests in 5.00s, 98.45MB read
${extra}Requests/sec:   9300.00
Transfer/sec:     19.69MB
`;

describe('parseWrk', () => {
  it('given every answer a success, then the rate is the requests over the run', () => {
    expect(parseWrk(output(''))).toEqual({ rps: 9300, errors: 0 });
  });

  it('given answers outside 2xx and socket errors, then only the successes count and the rest are errors', () => {
    const figures = parseWrk(output('  Socket errors: connect 0, read 2, write 0, timeout 1\n  Non-2xx or 3xx responses: 500\n'));
    expect(figures).toEqual({ rps: 9200, errors: 503 });
  });

  it('given a run measured in minutes, then its seconds are counted as such', () => {
    expect(parseWrk('  120000 requests in 1.00m, 1MB read\n').rps).toBe(2000);
  });

  it('given no totals (wrk failed), then it says so', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:3000 Connection refused')).toThrow(/no totals/);
  });
});
