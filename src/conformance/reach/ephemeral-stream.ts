import { openAnswer } from '../transport/open-answer.js';

/**
 * A user's client connected to the profile's ephemeral stream (server-sent events): collects the
 * `data:` of every event until closed. `token`, a credential acting as that user, is sent as
 * `Authorization: Bearer`: a user's private messages are answered only to that user.
 */
export async function connectEphemeralStream(template: string, user: string, token?: string) {
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  // No time limit: the stream stays open until the check closes it.
  const answer = await openAnswer({
    url: template.replace('{user}', encodeURIComponent(user)),
    headers,
  });
  const messages: unknown[] = [];
  let buffer = '';
  const pump = (async () => {
    const decoder = new TextDecoder();
    for await (const value of answer as AsyncIterable<Buffer>) {
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (data) messages.push(safeJson(data));
      }
    }
  })().catch(() => undefined);
  return {
    status: answer.statusCode ?? 0,
    messages,
    close: async () => {
      answer.destroy();
      await pump;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
