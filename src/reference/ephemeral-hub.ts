/** An ephemeral message as the recipient's client receives it. */
export interface EphemeralMessage {
  chatId: string;
  timestamp: number;
  threadTimestamp?: number;
  text: string;
  sender?: { id?: string; name?: string; imageUrl?: string };
}

type Listener = (message: EphemeralMessage) => void;

/**
 * Live delivery of ephemeral messages to the recipient's connected clients (EPH-05): best effort,
 * at most once, never stored. A message for a user with no client connected is gone.
 */
export function createEphemeralHub() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    connect(userId: string, listener: Listener): () => void {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => set.delete(listener);
    },
    /** How many clients got it. */
    deliver(userId: string, message: EphemeralMessage): number {
      const set = listeners.get(userId);
      for (const listener of set ?? []) listener(message);
      return set?.size ?? 0;
    },
  };
}

export type EphemeralHub = ReturnType<typeof createEphemeralHub>;
