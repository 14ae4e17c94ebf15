import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxMailTransport } from './mail-transport.js';
import { latestMailTo, waitForMailTo } from './outbox-reader.js';

describe('outbox folder', () => {
  let dir: string;
  const lines: string[] = [];
  const logger = { log: (line: string) => void lines.push(line) };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('given a delivered mail, then it is a readable file named <timestamp>-<to>.txt, logged, and read back', async () => {
    const transport = new OutboxMailTransport(join(dir, 'nested'), 'Budget <no-reply@budget.local>', logger, () => new Date('2026-01-22T10:15:02.123Z'));

    await transport.deliver({ to: 'ann@example.com', subject: 'Your code', text: 'Code: 424242' });

    const files = await readdir(join(dir, 'nested'));
    expect(files).toEqual(['20260122T101502123Z-ann@example.com.txt']);
    expect(await readFile(join(dir, 'nested', files[0]!), 'utf8')).toContain('Subject: Your code\n');
    expect(lines.join('\n')).toContain('Code: 424242');
    expect(await latestMailTo(join(dir, 'nested'), 'Ann@Example.com')).toEqual({ to: 'ann@example.com', subject: 'Your code', text: 'Code: 424242' });
  });

  it('given two mails in the same millisecond, then both are kept and the later one is the latest', async () => {
    const transport = new OutboxMailTransport(dir, 'a@b.c', logger, () => new Date('2026-01-22T10:15:02.123Z'));

    await transport.deliver({ to: 'ann@example.com', subject: 'first', text: '1' });
    await transport.deliver({ to: 'ann@example.com', subject: 'second', text: '2' });

    expect(await readdir(dir)).toHaveLength(2);
    expect((await latestMailTo(dir, 'ann@example.com'))?.subject).toBe('second');
  });

  it('given mails to others only, or no folder at all, then there is no mail for this address', async () => {
    await new OutboxMailTransport(dir, 'a@b.c', logger).deliver({ to: 'bob@example.com', subject: 's', text: 't' });

    expect(await latestMailTo(dir, 'ann@example.com')).toBeNull();
    expect(await latestMailTo(join(dir, 'missing'), 'ann@example.com')).toBeNull();
  });

  it('given a mail written before `since`, when waiting, then only a newer mail is returned', async () => {
    const transport = new OutboxMailTransport(dir, 'a@b.c', logger);
    await transport.deliver({ to: 'ann@example.com', subject: 'old', text: '1' });
    const since = new Date(Date.now() + 5);

    const waiting = waitForMailTo(dir, 'ann@example.com', { since, timeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await transport.deliver({ to: 'ann@example.com', subject: 'new', text: '2' });

    expect((await waiting).subject).toBe('new');
  });
});
