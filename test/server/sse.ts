/** Reads a server-sent-events stream over real HTTP until enough events arrived or time ran out. */
export type SseEvent = { id?: string; event?: string; data: string };

export async function readEvents(
  url: string,
  headers: Record<string, string>,
  want: number,
  timeoutMs = 10_000,
  onOpen?: () => Promise<void> | void,
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: SseEvent[] = [];
  try {
    const res = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    await onOpen?.();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    while (events.length < want) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        let isEvent = false;
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) {
            event.data += line.slice(6);
            isEvent = true;
          }
        }
        if (isEvent) events.push(event);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}
