import { describe, expect, test } from 'vitest';
import { EventStreamParser } from './sse.js';

describe('EventStreamParser', () => {
  test('dispatches on a blank line, across chunks, with its event name, data and id; comments are skipped', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': heartbeat\n\nid: 42\nevent: chan')).toEqual([]);
    expect(parser.push('ge\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'change', data: '{"a":1}', id: '42' }]);
    expect(parser.lastEventId).toBe('42');
  });

  test('CRLF and CR end lines too (a CR at a chunk end waits for its LF); data lines join with LF; no data, no event', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\ndata: two\r\r\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: null }]);
    expect(parser.push('event: ready\n\n')).toEqual([]);
  });

  test('the last id is kept across events without one', () => {
    const parser = new EventStreamParser();
    parser.push('id: 7\ndata: x\n\ndata: y\n\n');
    expect(parser.lastEventId).toBe('7');
  });
});
