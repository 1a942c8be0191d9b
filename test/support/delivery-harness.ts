import {
  type CannedAnswer,
  type RecordedRequest,
  startRecordingServer,
} from './recording-server.ts';

/** Polls `condition` every 10 ms until it holds or `timeoutMs` passes; says which. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
}

/**
 * A reference server's deliveries as a test sees them: subscribe a loopback receiver, trigger
 * events.
 */
export function deliveryApi(baseUrl: () => string) {
  const call = async (
    path: string,
    init: {
      token?: string;
      body?: unknown;
      form?: Record<string, string>;
      method?: string;
      version?: string;
    } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.version) headers['service-version'] = init.version;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await fetch(`${baseUrl()}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  };
  return {
    call,
    trigger: (
      event: string,
      data: unknown,
      generation: 'v0' | 'v1' = 'v1',
      context?: Record<string, unknown>,
    ) =>
      call('/reference/events', {
        body: { generation, event, data, ...(context ? { context } : {}) },
      }),
    /**
     * A receiver answering with `answer`, subscribed to `event`; `close` unsubscribes and stops it.
     */
    async receiver(
      event: string,
      answer: (request: RecordedRequest, index: number) => CannedAnswer,
      options: {
        generation?: 'v0' | 'v1';
        token?: string;
        apiVersion?: string;
        filter?: unknown;
      } = {},
    ) {
      const generation = options.generation ?? 'v1';
      const token = options.token ?? 'sk-2026-08-25';
      let count = 0;
      const server = await startRecordingServer((request) => answer(request, count++));
      const url = `${server.url}/hook`;
      const subscribed = await call(`/${generation}/webhook.subscribe`, {
        token,
        body: {
          event,
          url,
          ...(options.filter ? { filter: options.filter } : {}),
          ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
        },
      });
      if (subscribed.status !== 200)
        throw new Error(
          `subscribe answered ${subscribed.status}: ${JSON.stringify(subscribed.body)}`,
        );
      const id = subscribed.body.id as string;
      return {
        id,
        url,
        requests: server.requests,
        /** The subscription as v1 list shows it (health fields included). */
        listed: async () =>
          (
            (await call('/v1/webhook.list', { token })).body.webhooks as Array<
              Record<string, unknown>
            >
          ).find((w) => w.id === id),
        close: async () => {
          await call(
            `/${generation}/webhook.unsubscribe`,
            generation === 'v0' ? { token, form: { id } } : { token, body: { id } },
          );
          await server.close();
        },
      };
    },
  };
}

export const OK: CannedAnswer = { status: 204 };
