/** An ephemeral message as the recipient's client receives it. */
export interface EphemeralMessage {
  chatId: string;
  timestamp: number;
  threadTimestamp?: number;
  text: string;
  sender?: { id?: string; name?: string; imageUrl?: string };
}

type Listener = (message: EphemeralMessage) => void;

/** Clients one user may have connected at once: a few desktops and browser tabs. */
export const MAX_STREAMS_PER_USER = 8;
/** Clients connected at once, all users together. */
export const MAX_STREAMS = 1000;

export interface HubLimits {
  perUser?: number;
  total?: number;
}

/** A client connected, with how to disconnect it; or which limit refused it. */
export type Connection =
  { ok: true; disconnect: () => void } | { ok: false; limit: 'user' | 'total' };

/**
 * Live delivery of ephemeral messages to the recipient's connected clients (EPH-05): best effort,
 * at most once, never stored. A message for a user with no client connected is gone. The hub holds
 * only users with a client connected, and a bounded number of clients, so asking for many users or
 * opening many streams cannot grow it without end.
 */
export function createEphemeralHub({
  perUser = MAX_STREAMS_PER_USER,
  total = MAX_STREAMS,
}: HubLimits = {}) {
  const listeners = new Map<string, Set<Listener>>();
  let streams = 0;
  return {
    connect(userId: string, listener: Listener): Connection {
      const own = listeners.get(userId) ?? new Set<Listener>();
      if (streams >= total) return { ok: false, limit: 'total' };
      if (own.size >= perUser) return { ok: false, limit: 'user' };
      own.add(listener);
      listeners.set(userId, own);
      streams += 1;
      let connected = true;
      const disconnect = () => {
        // Called on every way a stream ends; only the first counts.
        if (!connected) return;
        connected = false;
        own.delete(listener);
        streams -= 1;
        if (own.size === 0) listeners.delete(userId);
      };
      return { ok: true, disconnect };
    },
    /** How many clients got it. */
    deliver(userId: string, message: EphemeralMessage): number {
      const own = listeners.get(userId);
      for (const listener of own ?? []) listener(message);
      return own?.size ?? 0;
    },
    /** Users with at least one client connected. */
    get users(): number {
      return listeners.size;
    },
    /** Clients connected, all users together. */
    get streams(): number {
      return streams;
    },
  };
}

export type EphemeralHub = ReturnType<typeof createEphemeralHub>;
