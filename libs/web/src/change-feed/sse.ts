/** One Server-Sent Event as the HTML standard's parser dispatches it. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** The `id:` field of this event, if it had one. */
  id: string | null;
}

/**
 * An incremental `text/event-stream` parser (the HTML standard's rules, §9.2.6): lines end in LF,
 * CRLF or CR; a blank line dispatches the event; `:` starts a comment (heartbeats); `data` lines
 * join with LF; an event without data is not dispatched. Feed it decoded text as it arrives.
 */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  /** The last `id:` seen (what a reconnect sends as Last-Event-ID). */
  lastEventId: string | null = null;

  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const out: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of a CRLF: wait for more.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const dispatched = this.line(line);
      if (dispatched) out.push(dispatched);
    }
    return out;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const data = this.data;
      const event: ServerSentEvent = { event: this.event || 'message', data: data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      this.id = null;
      return data.length > 0 ? event : null;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) {
      this.id = value;
      this.lastEventId = value;
    }
    return null;
  }
}
