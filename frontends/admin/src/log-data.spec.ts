import { describe, expect, it } from 'vitest';
import { logText, readPlaidLogs } from './log-data.js';

describe('logs', () => {
  it('reads provider logs', () => {
    const [log] = readPlaidLogs({ data: [{ id: 2, createdAt: '2025-01-02T03:04:05Z', request: '/transactions/sync', response: { added: 1 }, status: 200, institutionId: 'ins_1' }] }) ?? [];
    expect(log?.status).toBe(200);
  });

  it('shows logged payloads as text', () => {
    expect(logText('/accounts/get')).toBe('/accounts/get');
    expect(logText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(logText(null)).toBe('');
  });
});
