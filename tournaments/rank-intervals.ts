// How sure a ranking is of each place: each entrant's 95% interval of rank, from the
// bootstrap over deals (Chatbot Arena publishes its rank intervals this way, over
// battles). A deal — the games of every pairing dealt the same cards — is resampled
// whole, so the intervals keep what the deals share; the side (or line-up) model is fitted again on
// each resample and the entrants ranked by overall score, as every ranking of the
// project ranks them (ratings.ts `rankEntrants`). A rank
// interval says where an entrant could stand on other deals of the same kind: "2–3" is an
// entrant the data cannot tell from its neighbour, whatever the point ranking says.

import { Rng } from '../engine/index.js';
import type { ClusterCell } from '../stats/logistic.js';
import { fitLineupOverall, lineupOf, type DealCells, type LineupFitOptions, type LineupResult, type SideResult } from './ratings.js';

/** An entrant's 95% interval of rank (1 = best). */
export interface RankInterval {
  readonly entrant: string;
  readonly low: number;
  readonly high: number;
}

export interface RankBootstrap {
  /** In the order of the entrants. */
  readonly intervals: readonly RankInterval[];
  /** Resamples fitted, and resamples whose fit failed (left out). */
  readonly reps: number;
  readonly failed: number;
}

export const RANK_REPS = 400;

/**
 * Ranks over `reps` resamples of the deals (seeded by `seed`: the same data and seed give
 * the same intervals). `results` names each pairing; `deals` holds every decisive game of
 * them, each pairing by its place in `results`.
 */
export function rankIntervals(entrants: readonly string[], results: readonly SideResult[], deals: DealCells, o: RankOptions): RankBootstrap {
  const idx = new Map(entrants.map((e, i) => [e, i]));
  return rankLineupIntervals(
    entrants,
    results.map((r) => ({ ...lineupOf(entrants.length, idx.get(r.wolves)!, idx.get(r.village)!), games: r.games, villageWins: r.villageWins, wolvesWins: r.wolvesWins })),
    deals,
    { ...o, skill: 'sides' },
  );
}

export interface RankOptions {
  readonly seed: string;
  readonly reps?: number;
  readonly anchors?: readonly string[] | undefined;
}

/** The same over line-ups (ratings.ts `LineupResult`: a mixed tournament's, or side pairings as line-ups), `deals` naming each by its place. */
export function rankLineupIntervals(entrants: readonly string[], results: readonly LineupResult[], deals: DealCells, o: RankOptions & { readonly skill: LineupFitOptions['skill'] }): RankBootstrap {
  const reps = o.reps ?? RANK_REPS;
  const rng = new Rng(o.seed, '/rank-intervals');
  const ranks = entrants.map(() => new Int32Array(reps));
  let kept = 0;
  let failed = 0;
  const villageWins = new Float64Array(results.length);
  const trials = new Float64Array(results.length);
  const kinds = dealKinds(deals);
  const drawn = new Float64Array(kinds.cells.length);
  for (let r = 0; r < reps; r++) {
    villageWins.fill(0);
    trials.fill(0);
    // deals.length deals drawn, counted by kind of deal, then each kind's cells added that many times.
    drawn.fill(0);
    for (let d = 0; d < deals.length; d++) drawn[kinds.kindOf[rng.int(deals.length)]!]!++;
    for (let k = 0; k < kinds.cells.length; k++) {
      const times = drawn[k]!;
      if (times === 0) continue;
      for (const c of kinds.cells[k]!) {
        villageWins[c.row]! += times * c.successes;
        trials[c.row]! += times * c.trials;
      }
    }
    const resampled = results.map((p, i): LineupResult => ({ village: p.village, wolves: p.wolves, games: trials[i]!, villageWins: villageWins[i]!, wolvesWins: trials[i]! - villageWins[i]! }));
    const fit = fitLineupOverall(entrants, resampled, { anchors: o.anchors, skill: o.skill });
    if (!fit.ok) {
      failed++;
      continue;
    }
    const order = fit.value.overall.map((x, i) => ({ score: x.score, entrant: x.entrant, i })).sort((a, b) => b.score - a.score || a.entrant.localeCompare(b.entrant));
    order.forEach((x, place) => (ranks[x.i]![kept] = place + 1));
    kept++;
  }
  const intervals = entrants.map((entrant, i): RankInterval => {
    if (kept === 0) return { entrant, low: 1, high: entrants.length };
    const sorted = ranks[i]!.slice(0, kept).sort();
    return { entrant, low: sorted[Math.floor(0.025 * kept)]!, high: sorted[Math.max(0, Math.ceil(0.975 * kept) - 1)]! };
  });
  return { intervals, reps: kept, failed };
}

/** Deals told apart by their cells alone: each deal's kind, and each kind's cells (those of its first deal). */
interface DealKinds {
  readonly kindOf: Int32Array;
  readonly cells: (readonly ClusterCell[])[];
}

/**
 * The deals grouped by what they hold (most deals of a board repeat a few patterns of
 * wins), so that a resample adds each kind's cells once, times the deals of that kind it
 * drew, not once per deal drawn: the sums of adding deal by deal, since a cell holds
 * counts of games, whole numbers, whose sums are the same in any order.
 */
function dealKinds(deals: DealCells): DealKinds {
  const kindOf = new Int32Array(deals.length);
  const cells: (readonly ClusterCell[])[] = [];
  const byKey = new Map<string, number>();
  for (let d = 0; d < deals.length; d++) {
    const deal = deals[d]!;
    let key = '';
    for (const c of deal) {
      if (!Number.isInteger(c.successes) || !Number.isInteger(c.trials)) throw new RangeError(`rankIntervals: a deal's cell counts games, not ${c.successes} of ${c.trials}`);
      key += `${c.row},${c.successes},${c.trials};`;
    }
    let kind = byKey.get(key);
    if (kind === undefined) {
      kind = cells.length;
      byKey.set(key, kind);
      cells.push(deal);
    }
    kindOf[d] = kind;
  }
  return { kindOf, cells };
}
