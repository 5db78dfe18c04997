import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse';

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

describe('the event-stream parser', () => {
  const stream =
    'retry: 2000\nevent: ready\ndata: {"seq":"1","gap":false}\n\n: ping\n\n' +
    'id: 2\nevent: balance\ndata: {"seq":"2"}\n\nevent: market\ndata: {"market":"c2c","id":"9"}\n\n';
  const expected = [
    { event: 'ready', data: '{"seq":"1","gap":false}', id: undefined },
    { event: 'balance', data: '{"seq":"2"}', id: '2' },
    { event: 'market', data: '{"market":"c2c","id":"9"}', id: undefined },
  ];

  it('reads messages, their ids and types, and skips comments and retry', () => {
    expect(parse([stream])).toEqual(expected);
  });

  it('gives the same messages however the chunks split the text, with CR LF or LF', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    for (const text of [stream, crlf])
      for (let size = 1; size <= 7; size++) {
        const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
        expect(parse(chunks)).toEqual(expected);
      }
  });

  it('holds a message back until its blank line arrives, and joins data lines', () => {
    expect(parse(['id: 3\nevent: order\ndata: a\n'])).toEqual([]);
    expect(parse(['data: a\ndata:b\n\n'])).toEqual([{ event: 'message', data: 'a\nb', id: undefined }]);
  });
});
