import type { FaultHooks } from '../fault-injection.ts';

/** What one subscribe request asked for. */
export interface Subscribed {
  generation: string;
  event: unknown;
  filter: unknown;
}

/**
 * The subscriptions the reference was asked for, by destination URL: an attempt names only its
 * URL, and a bare or v0 payload does not name its event. Its `request` hook goes in the fault's
 * hooks; each check's hook has a URL of its own.
 */
export function subscribedByUrl(): {
  request: NonNullable<FaultHooks['request']>;
  at: (url: string) => Subscribed | undefined;
} {
  const byUrl = new Map<string, Subscribed>();
  return {
    request: (r) => {
      const sent = r.body as { event?: unknown; url?: unknown; filter?: unknown } | undefined;
      if (r.path === '/webhook.subscribe' && sent?.url !== undefined)
        byUrl.set(String(sent.url), {
          generation: r.generation,
          event: sent.event,
          filter: sent.filter,
        });
      return r;
    },
    at: (url) => byUrl.get(url),
  };
}
