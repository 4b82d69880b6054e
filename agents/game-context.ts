// A game's context: what the agents of one game share. `seatAgents` (registry.ts),
// which seats one game, makes one and hands it to every seat's factory
// (`AgentKind.create`, through `SeatEnv.game`); it lives as long as the game's agents
// and goes with them. A kind that plays several seats of a game keeps here the records
// that are the same for all of them — public facts and what follows from them alone —
// so that they are built once per game instead of once per seat (the heuristic's public
// record and shared views: heuristic/shared.ts). Each kind finds its records by its own
// key.
//
// Passed explicitly rather than kept in a module: a module's records outlive their game,
// so they would have to be found again (by some mark of the game) and dropped by some
// rule, and two games in flight at once (asynchronous runs) would have to be told apart.
// What one seat knows privately stays in that seat's agent: the context is no channel
// between seats.

/** A kind's key to its records in a game's context. */
export interface SharedKey<T> {
  /** The kind's name (for reading a context in a debugger). */
  readonly name: string;
  /** The kind's records for a new game, empty. */
  make(): T;
}

export class GameContext {
  /** Made on first use: the games of kinds that share nothing (random agents) make none. */
  private records: Map<SharedKey<unknown>, unknown> | null = null;

  /** The records under `key`, made on first use. */
  shared<T>(key: SharedKey<T>): T {
    const records = (this.records ??= new Map());
    let r = records.get(key) as T | undefined;
    if (r === undefined) {
      r = key.make();
      records.set(key, r);
    }
    return r;
  }
}
