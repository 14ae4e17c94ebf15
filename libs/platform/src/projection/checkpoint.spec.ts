import { describe, expect, test } from 'vitest';
import { readAnnouncement } from './checkpoint.js';

describe('readAnnouncement', () => {
  test('given a plain position, it is the global checkpoint', () => {
    expect(readAnnouncement('42')).toEqual({ userId: null, position: 42n });
  });

  test('given u:<userId>:<position>, it is that user\'s partition (a colon inside the id is kept)', () => {
    expect(readAnnouncement('u:6f1c2b9e-0d1a-4a8e-9f3b-2c7d5e4a1b00:7')).toEqual({ userId: '6f1c2b9e-0d1a-4a8e-9f3b-2c7d5e4a1b00', position: 7n });
    expect(readAnnouncement('u:a:b:9')).toEqual({ userId: 'a:b', position: 9n });
  });

  test('given q:<userId>:<position>, it is the event at which that user\'s partition was quarantined', () => {
    expect(readAnnouncement('q:a:b:9')).toEqual({ userId: 'a:b', position: 9n, quarantined: true });
  });

  test.each([undefined, '', '-1', '4.5', ' 4', 'u:alice', 'u:alice:', 'u::9', 'u:alice:9x', 'x:alice:9', '99999999999999999999'])('given %j, it is ignored', (payload) => {
    expect(readAnnouncement(payload)).toBeNull();
  });
});
