// The results database as a GameSource: runs grouped by configuration, each game read
// once. Runs of the same configuration and seed play the same games (game i is seeded
// from the seed and i alone), so a game index already read for that seed is skipped —
// two runs of 1,000 and 2,000 games of one seed count 2,000 games, not 3,000; runs with
// other seeds add their games.

import { isCause, type Cause } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { isRole, SIDES, type Role, type Side } from '../engine/index.js';
import { FLAG, SEAT_FIELDS, SEAT_WIDTH, CHAR_OFFSET } from '../runs/record.js';
import type { RunRow, Store } from '../runs/storage.js';
import { configKey, type ConfigGames, type ConfigInfo, type GameRecord, type GameSource, type SeatRecord, type SourceRun } from './records.js';
import { badStoredValue } from '../runs/stored-value.js';

const F_DEALT = SEAT_FIELDS.indexOf('dealt');
const F_ROLE = SEAT_FIELDS.indexOf('role');
const F_FLAGS = SEAT_FIELDS.indexOf('flags');
const F_DAY = SEAT_FIELDS.indexOf('deathDay');
const F_CAUSE = SEAT_FIELDS.indexOf('cause');

/** Names by database code, checked against this version's names. */
interface Names {
  readonly roles: Map<number, Role>;
  readonly causes: Map<number, Cause>;
  readonly sides: Map<number, Side>;
}

function names(store: Store): Result<Names, string> {
  const roles = new Map<number, Role>();
  for (const [code, name] of store.names('roles')) {
    if (!isRole(name)) return err(`${store.path} names a role '${name}' that this version does not know: update werewolf-lab to read it`);
    roles.set(code, name);
  }
  const causes = new Map<number, Cause>();
  for (const [code, name] of store.names('causes')) {
    if (!isCause(name)) return err(`${store.path} names a cause of death '${name}' that this version does not know: update werewolf-lab to read it`);
    causes.set(code, name);
  }
  const sides = new Map<number, Side>();
  for (const [code, name] of store.names('sides')) {
    if (!(SIDES as readonly string[]).includes(name)) return err(`${store.path} names a side '${name}' that this version does not know`);
    sides.set(code, name as Side);
  }
  return ok({ roles, causes, sides });
}

export function configOfRun(r: RunRow): ConfigInfo {
  return { preset: r.preset, players: r.players, deck: r.deck, rules: r.rules, seating: r.seating };
}

function decode(n: Names, winner: number, days: number, seats: string, players: number, where: string): GameRecord {
  const side = n.sides.get(winner);
  if (side === undefined) badStoredValue(`${where}: unknown winner code ${winner}`);
  const out: SeatRecord[] = new Array(players);
  for (let i = 0; i < players; i++) {
    const at = i * SEAT_WIDTH;
    const code = (f: number) => seats.charCodeAt(at + f) - CHAR_OFFSET;
    const dealt = n.roles.get(code(F_DEALT));
    const role = n.roles.get(code(F_ROLE));
    if (dealt === undefined || role === undefined) badStoredValue(`${where}: seat ${i} has an unknown role code`);
    const causeCode = code(F_CAUSE);
    let death: SeatRecord['death'] = null;
    if (causeCode !== 0) {
      const cause = n.causes.get(causeCode);
      if (cause === undefined) badStoredValue(`${where}: seat ${i} has an unknown cause code ${causeCode}`);
      death = { day: code(F_DAY), cause };
    }
    out[i] = { dealt, role, won: (code(F_FLAGS) & FLAG.won) !== 0, death };
  }
  return { winner: side, days, seats: out };
}

export interface RunSelection {
  /** Only these run ids (default: all). */
  readonly runs?: readonly number[];
}

/** The database's games by configuration; an error when the file holds no runs or names it cannot read. */
export function dbSource(store: Store, select: RunSelection = {}): Result<GameSource, string> {
  const n = names(store);
  if (!n.ok) return n;
  let runs = store.runs();
  if (runs.length === 0) return err(`${store.path} holds no runs yet: play some first (e.g. sim --games 1000 --db ${store.path})`);
  if (select.runs !== undefined) {
    const missing = select.runs.filter((id) => !runs.some((r) => r.id === id));
    if (missing.length > 0) return err(`${store.path} has no run ${missing.join(', ')}; its runs are ${runs.map((r) => r.id).join(', ')}`);
    runs = runs.filter((r) => select.runs!.includes(r.id));
  }
  const byConfig = new Map<string, RunRow[]>();
  for (const r of runs) {
    const k = configKey(configOfRun(r));
    let list = byConfig.get(k);
    if (list === undefined) byConfig.set(k, (list = []));
    list.push(r);
  }
  const configurations = (): ConfigGames[] =>
    [...byConfig.values()].map((list) => {
      const config = configOfRun(list[0]!);
      // A run that ended by design (schema.ts run_ends) planned what it holds: it is finished, not incomplete.
      const sourceRuns: SourceRun[] = list.map((r) => {
        const games = store.storedCount(r.id);
        return { run: r.id, seed: r.seed, games, planned: store.runEnd(r.id) === undefined ? r.stop - r.first : Math.min(games, r.stop - r.first) };
      });
      return {
        config,
        runs: sourceRuns,
        *games(): Generator<GameRecord> {
          const seen = new Map<string, Set<number>>();
          for (const r of list) {
            let indices = seen.get(r.seed);
            if (indices === undefined) seen.set(r.seed, (indices = new Set()));
            for (const row of store.gameRows(r.id)) {
              if (indices.has(row.idx)) continue;
              indices.add(row.idx);
              yield decode(n.value, row.winner, row.days, row.seats, r.players, `run ${r.id} game ${row.idx}`);
            }
          }
        },
      };
    });
  return ok({ label: store.path, configurations });
}
