// Presence (docs/product.md §7): a member is online while at least one of their sockets is
// connected, on any node. Each node counts its own sockets per member in memory; with Redis it also
// publishes those counts, so the whole cluster agrees (presence-redis.ts, ADR 0022).

/** What a connect or disconnect did to the member's state across all nodes. */
export type PresenceChange = 'online' | 'offline' | null;

export interface Presence {
  /** A signed-in socket connected on this node; 'online' when it is the member's first anywhere. */
  connect(userId: string, socketId: string): Promise<PresenceChange>;
  /** That socket left; 'offline' when it was the member's last anywhere. */
  disconnect(userId: string, socketId: string): Promise<PresenceChange>;
  /** Which of these members are online on any node. */
  online(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * Members whose state changed without a socket event here: with Redis, another node that crashed
   * took their last sockets with it. Called with them once they are known to be offline.
   */
  onOrphaned(listener: (userIds: string[]) => void): void;
  close(): Promise<void>;
}

/** This node's sockets per member; the truth for this node in both implementations. */
export class LocalSockets {
  readonly #byUser = new Map<string, Set<string>>();

  add(userId: string, socketId: string): number {
    let sockets = this.#byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.#byUser.set(userId, sockets);
    }
    sockets.add(socketId);
    return sockets.size;
  }

  remove(userId: string, socketId: string): number {
    const sockets = this.#byUser.get(userId);
    if (!sockets) return 0;
    sockets.delete(socketId);
    if (sockets.size === 0) this.#byUser.delete(userId);
    return sockets.size;
  }

  count(userId: string): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  entries(): [userId: string, count: number][] {
    return [...this.#byUser].map(([userId, sockets]) => [userId, sockets.size]);
  }

  get size(): number {
    return this.#byUser.size;
  }
}

/** One node, no Redis: the local counts are the whole truth. */
export function createMemoryPresence(): Presence {
  const local = new LocalSockets();
  return {
    async connect(userId, socketId) {
      const before = local.count(userId);
      local.add(userId, socketId);
      return before === 0 ? 'online' : null;
    },
    async disconnect(userId, socketId) {
      const before = local.count(userId);
      return before > 0 && local.remove(userId, socketId) === 0 ? 'offline' : null;
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => local.count(id) > 0));
    },
    onOrphaned() {
      // One node: nothing can vanish behind its back.
    },
    async close() {},
  };
}
