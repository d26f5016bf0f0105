import type { CoachLanguage, CoachStreamEvent } from '@portal/shared/coach';
import { apiErrorBodySchema, type ErrorCode } from '@portal/shared/errors';
import { ApiError } from '@/lib/api';

/**
 * Sends a message and reads the answer as it is written: a fetch (so the cookies and the app's Origin go along)
 * whose body is a text/event-stream. Refusals before the stream (402, 400, 404) throw an ApiError.
 */
export async function sendMessage({
  conversationId,
  content,
  language,
  signal,
  onEvent,
}: {
  conversationId: string;
  content: string;
  language: CoachLanguage;
  signal: AbortSignal;
  onEvent: (event: CoachStreamEvent) => void;
}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/coach/conversations/${conversationId}/messages`, {
      method: 'POST',
      signal,
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ content, language }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw new ApiError(0, 'network', 'Network error');
  }
  if (!response.ok || !response.body) {
    const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => null));
    if (parsed.success) {
      const { code, message, reasons } = parsed.data.error;
      throw new ApiError(response.status, code as ErrorCode, message, reasons);
    }
    throw new ApiError(response.status, 'internal', response.statusText);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) onEvent({ event, data: JSON.parse(data) } as CoachStreamEvent);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw new ApiError(0, 'network', 'Network error');
  }
}
