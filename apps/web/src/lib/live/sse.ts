/** One message of a text/event-stream, as the HTML spec's parser dispatches it. */
export type SseMessage = { event: string; data: string; id: string | undefined };

/**
 * Parses a text/event-stream as its chunks arrive (they split lines anywhere, a CR LF too). Comment
 * lines (the server's `: ping`) and `retry:` are ignored: the stream client keeps its own backoff.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
      data = [];
      event = '';
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string): void {
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the very end may be the first half of a CR LF: wait for the next chunk.
        if (char === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (char === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
