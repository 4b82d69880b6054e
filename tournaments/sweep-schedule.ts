// When a sweep's cell has had enough games. A cell plays its games in index order, and
// is judged only at fixed checkpoints (every `batch` games, and at `maxGames`): at the
// first checkpoint where the 95% interval of the village's win rate is narrower than
// ± precision it is settled. The judgement at a checkpoint t reads games [0, t) alone,
// so a cell's games — and where it stops — depend on the seed and these settings only:
// not on the other cells, the number of workers, or where a run was interrupted.

import { gamesForPrecision, halfWidth } from '../stats/inference.js';

export interface Adaptive {
  /** Target half-width of the 95% interval (0.01: ±1 point). */
  readonly precision: number;
  /** Games between checkpoints. */
  readonly batch: number;
  /** A cell stops here whatever its interval. */
  readonly maxGames: number;
}

export const DEFAULT_PRECISION = 0.01;
export const DEFAULT_BATCH = 1000;

/** Enough games for any cell to settle (the worst case, a 50% rate), rounded up to a checkpoint. */
export function defaultMaxGames(precision: number, batch: number): number {
  // Wilson's half-width at n games is below z/(2√n), the normal one at p = 0.5.
  return Math.ceil(gamesForPrecision(precision) / batch) * batch;
}

export type CellState =
  /** Play games up to `target` (exclusive), then judge again. */
  | { readonly kind: 'open'; readonly target: number }
  | { readonly kind: 'settled'; readonly games: number; readonly village: number }
  /** Reached maxGames with the interval still wider than asked. */
  | { readonly kind: 'capped'; readonly games: number; readonly village: number };

export function checkpoints(a: Adaptive): number[] {
  const out: number[] = [];
  for (let t = a.batch; t < a.maxGames; t += a.batch) out.push(t);
  out.push(a.maxGames);
  return out;
}

/**
 * A cell's state from its stored games: `prefix` is the number of games [0, prefix) all
 * stored; `villageBefore(t)` the village's wins among games [0, t).
 */
export function cellState(prefix: number, villageBefore: (t: number) => number, a: Adaptive): CellState {
  for (const t of checkpoints(a)) {
    if (t > prefix) return { kind: 'open', target: t };
    const village = villageBefore(t);
    if (halfWidth(village, t) < a.precision) return { kind: 'settled', games: t, village };
    if (t === a.maxGames) return { kind: 'capped', games: t, village };
  }
  throw new Error('cellState: no checkpoint'); // checkpoints() always ends with maxGames
}

/**
 * The games a cell is likely to have when it is judged settled — for the progress bar's
 * overall total and ETA only, never for a decision: the settled and capped have what they
 * have; an open cell needs the games for the precision at its rate so far (50% before any
 * game), rounded up to a checkpoint, at least its next one and at most maxGames.
 */
export function expectedGames(s: CellState, prefix: number, village: number, a: Adaptive): number {
  if (s.kind !== 'open') return s.games;
  const p = prefix > 0 ? village / prefix : 0.5;
  const need = Math.ceil(gamesForPrecision(a.precision, p) / a.batch) * a.batch;
  return Math.min(a.maxGames, Math.max(s.target, need));
}
