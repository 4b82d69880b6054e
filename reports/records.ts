// What the analysis reads: games grouped by configuration, each game a winner, a length
// and its seats. The results database is one source (reports/db-source.ts); an array in
// memory is another (tests, and anything that never touches SQLite). The analysis knows
// nothing else about storage.

import type { Cause } from '../engine/index.js';
import { ok, err, type Result } from '../engine/index.js';
import type { Outcome } from '../engine/index.js';
import type { Role, Side } from '../engine/index.js';
import { parseRoleMix } from '../engine/index.js';

/** A configuration: everything that decides what games are played, but the seed. */
export interface ConfigInfo {
  readonly preset: string;
  readonly players: number;
  /** The deck as a mix (`werewolf=2,villager=5,seer`), as engine/setup.ts `mixLabel` writes it. */
  readonly deck: string;
  /** Rule options that differ from the preset's, as `key=value` words ('' for none). */
  readonly rules: string;
  /** Canonical seating text (`random`, `random werewolves=heuristic`). */
  readonly seating: string;
}

export interface SeatRecord {
  readonly dealt: Role;
  /** The card played at the end (a thief's taken card). */
  readonly role: Role;
  readonly won: boolean;
  readonly death: { readonly day: number; readonly cause: Cause } | null;
}

export interface GameRecord {
  readonly winner: Side;
  /** Days begun. */
  readonly days: number;
  readonly seats: readonly SeatRecord[];
}

/** Where a configuration's games come from: a stored run (several when runs are pooled). */
export interface SourceRun {
  readonly run: number;
  readonly seed: string;
  /** Games stored. */
  readonly games: number;
  /** Games the run (its shard) plays when complete: more than `games` while it is stopped or still being played. */
  readonly planned: number;
}

/** The runs of a source that hold fewer games than they plan (stopped, or still being played), each once. */
export function incompleteRuns(runs: Iterable<SourceRun>): SourceRun[] {
  const out = new Map<number, SourceRun>();
  for (const r of runs) if (r.games < r.planned) out.set(r.run, r);
  return [...out.values()].sort((a, b) => a.run - b.run);
}

export interface ConfigGames {
  readonly config: ConfigInfo;
  readonly runs: readonly SourceRun[];
  /** The games, each once (a source that pools runs must not count a game twice). */
  games(): Iterable<GameRecord>;
}

export interface GameSource {
  /** A description for headers (the database path). */
  readonly label: string;
  configurations(): Iterable<ConfigGames>;
}

/** One string per configuration, for grouping and lookups. */
export function configKey(c: ConfigInfo): string {
  return [c.preset, c.players, c.deck, c.rules, c.seating].join('|');
}

/** The rule set and agents, without the mix: configurations that a sweep compares. */
export function groupKey(c: Pick<ConfigInfo, 'preset' | 'rules' | 'seating'>): string {
  return [c.preset, c.rules, c.seating].join('|');
}

/** The role counts of a stored deck label. */
export function deckCounts(deck: string): Result<Map<Role, number>, string> {
  const r = parseRoleMix(deck);
  if (!r.ok) return err(`the stored deck '${deck}' cannot be read: ${r.error}`);
  return ok(r.value);
}

/** An in-memory source (tests; small tools). */
export function memorySource(label: string, configs: readonly { config: ConfigInfo; games: readonly GameRecord[]; runs?: readonly SourceRun[] }[]): GameSource {
  return {
    label,
    configurations: () =>
      configs.map((c) => ({
        config: c.config,
        runs: c.runs ?? [{ run: 0, seed: '', games: c.games.length, planned: c.games.length }],
        games: () => c.games,
      })),
  };
}

/** A played game's outcome as the analysis reads it. */
export function recordOf(o: Outcome): GameRecord {
  return {
    winner: o.winner,
    days: o.days,
    seats: o.seats.map((s) => ({ dealt: s.dealt, role: s.role, won: s.won, death: s.death === null ? null : { day: s.death.day, cause: s.death.cause } })),
  };
}
