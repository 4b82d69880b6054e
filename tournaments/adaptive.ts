// An adaptive tournament (`sim tournament --adaptive`, side mode): instead of the same
// number of games for every pairing, games go where they narrow the ranking most, and
// play stops once the ranking is told.
//
// The rule. Every pairing is a run of `maxGames` games (its cap) and the schedule reads a
// prefix [0, t_p) of each — so game i of every pairing is still dealt from SEED#i. Round 0
// gives every pairing `batch` games. After each round the side model is fitted on the
// prefixes (ratings.ts `fitSideOverall`), the entrants are ranked by overall score, and
// each two neighbours are compared (`rankEntrants`): above, tied within ±precision, or
// open — at a level that pays for the repeated looks (below). If none is open at a look,
// the tournament is settled; otherwise the next round gives one
// more batch to the pairing that would shrink most the summed variance of the open
// neighbours' differences — foreseen from the fit: n more games of a pairing with design
// row x and village-win chance π add n·π(1 − π)·x·xᵀ to the information, so the variance
// of gᵀβ falls by c·(gᵀΣx)² / (1 + c·xᵀΣx), c = n·π(1 − π) (Sherman–Morrison). Ties go
// to the earlier pairing. It stops capped when every pairing has its `maxGames`.
//
// Looks. A ranking read after every round and stopped at the first that looks settled
// would be wrong more often than its 95% says (each look is another chance for noise to
// pass for a difference). So the schedule may stop only at looks — when the games read
// reach round 0's total times 1, 2, 4, 8, … — and its verdicts are at level
// 1 − 0.05/K, K the most looks the caps allow (Bonferroni over the looks): each declared
// "above" or tie is wrong with a chance of at most 5% over the whole tournament. Between
// looks the same verdicts steer the rounds.
//
// Determinism. A round's choice reads only the prefixes chosen before it, so the rounds
// are a function of the games alone: a rerun replays them from round 0 on the stored
// games (no game is played again) and continues where play stopped — the same rounds, the
// same games, for any number of workers and any interruption.

import { SIDES } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import { normalQuantile } from '../stats/inference.js';
import { dealCells, fitSideOverall, rankEntrants, type OverallFit, type Ranked } from './ratings.js';
import type { AdaptiveSettings, Schedule } from './schedule.js';
import { countedWinners, type FailurePolicy } from './failure-policy.js';
import { endRuns, PairingPlayer, type LivePairing, type OpenTournament, type PlayOutcome, type TournamentOptions } from './tournament.js';

export type AdaptiveStatus = 'settled' | 'capped' | 'stopped';

export interface AdaptiveState {
  readonly status: AdaptiveStatus;
  /** Rounds after round 0. */
  readonly rounds: number;
  /** Games the schedule reads of each pairing (in the schedule's order). */
  readonly games: readonly number[];
  /** The ranking on those games (null when the model could not be fitted yet); its verdicts at `level`. */
  readonly ranking: readonly Ranked[] | null;
  /** The confidence level of the verdicts: 1 − 0.05/K for K possible looks. */
  readonly level: number;
}

const sigma = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Per pairing and game index below the cap: the winning side's place in SIDES as the
 * tournament's failure policy counts it, −1 where none is stored, NOT_COUNTED where the
 * policy leaves the game out.
 */
function winners(store: Store, l: LivePairing, policy: FailurePolicy): Int8Array {
  const w = store.winnersIn(l.run.id, l.run);
  return policy === 'keep' ? w : countedWinners(policy, w, store.sideFallbacksIn(l.run.id, l.run));
}

/** The reduction of Σ Var(g_kᵀβ) over the open neighbours if `n` more games of design row x were played. */
function narrowing(fit: OverallFit, x: readonly number[], n: number, open: readonly (readonly number[])[]): number {
  const p = x.length;
  const sx = new Array<number>(p).fill(0);
  for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) sx[i]! += fit.cov[i]![j]! * x[j]!;
  const xsx = x.reduce((s, v, i) => s + v * sx[i]!, 0);
  const pi = sigma(x.reduce((s, v, i) => s + v * fit.coef[i]!, 0));
  const c = n * pi * (1 - pi);
  let total = 0;
  for (const g of open) {
    const gsx = g.reduce((s, v, i) => s + v * sx[i]!, 0);
    total += (c * gsx * gsx) / (1 + c * xsx);
  }
  return total;
}

/** Plays the tournament's rounds until its ranking is told, every pairing is at its cap, or play is stopped. */
export async function playAdaptive(store: Store, open: OpenTournament, s: Schedule, a: AdaptiveSettings, o: TournamentOptions): Promise<{ readonly play: PlayOutcome; readonly state: AdaptiveState }> {
  if (s.mode !== 'side') throw new Error('playAdaptive: side tournaments only');
  const started = performance.now();
  const live = open.pairings;
  const cap = s.games;
  const index = new Map(s.entrants.map((e, i) => [e, i]));
  const sides = live.map((l) => {
    if (l.pairing.kind !== 'sides') throw new Error('playAdaptive: a pairing that is not a side pairing');
    return { wolves: l.pairing.wolves, village: l.pairing.village };
  });
  const villageCode = SIDES.indexOf('village');
  const wolvesCode = SIDES.indexOf('werewolves');
  let results = live.map((l) => winners(store, l, s.policy));
  const t = live.map(() => Math.min(a.batch, cap));
  const first = t.reduce((n, x) => n + x, 0);
  const looks = Math.ceil(Math.log2(Math.max(1, cap / Math.min(a.batch, cap)))) + 1;
  const z = normalQuantile(1 - 0.05 / (2 * looks));
  let nextLook = first;
  const player = new PairingPlayer(store, live, o);
  let played = 0;
  let unfinished = 0;
  let rounds = 0;
  let status: AdaptiveStatus;
  let ranking: Ranked[] | null = null;
  const complete = (p: number) => {
    const w = results[p]!;
    for (let i = 0; i < t[p]!; i++) if (w[i]! === -1) return false;
    return true;
  };
  try {
    for (;;) {
      if (!live.every((_, p) => complete(p))) {
        const step = await player.play((l) => t[live.indexOf(l)]!);
        played += step.played;
        unfinished += step.unfinished;
        results = live.map((l) => winners(store, l, s.policy));
        if (step.stopped || !live.every((_, p) => complete(p))) {
          status = 'stopped';
          break;
        }
      }
      const counts = sides.map((sd, p) => {
        let villageWins = 0;
        let wolvesWins = 0;
        const w = results[p]!;
        for (let i = 0; i < t[p]!; i++) {
          if (w[i] === villageCode) villageWins++;
          else if (w[i] === wolvesCode) wolvesWins++;
        }
        return { ...sd, games: t[p]!, villageWins, wolvesWins };
      });
      const fit = fitSideOverall(s.entrants, counts, { deals: dealCells(results, t) });
      const below = live.map((_, p) => t[p]! < cap);
      const read = t.reduce((n, x) => n + x, 0);
      const look = read >= nextLook;
      if (look) while (nextLook <= read) nextLook *= 2;
      if (!below.some((x) => x)) {
        ranking = fit.ok ? rankEntrants(fit.value, a.precision, z) : null;
        status = 'capped';
        break;
      }
      if (!fit.ok) {
        // No model yet (it happens only with very few games): a batch for every pairing.
        for (let p = 0; p < live.length; p++) t[p] = Math.min(cap, t[p]! + a.batch);
        rounds++;
        continue;
      }
      ranking = rankEntrants(fit.value, a.precision, z);
      const openPairs = ranking.filter((r) => r.next?.verdict === 'open');
      o.onRound?.(rounds + 1, openPairs.length, ranking.length);
      if (openPairs.length === 0 && look) {
        status = 'settled';
        break;
      }
      // Between looks a ranking that reads settled is steered by its least certain neighbours.
      const steer = openPairs.length > 0 ? openPairs : ranking.filter((r) => r.next !== null);
      const gradients = steer.map((r) => {
        const next = ranking![r.rank]!; // the row below r (ranks are 1-based)
        const gi = fit.value.gradients[r.index]!;
        const gj = fit.value.gradients[next.index]!;
        return gi.map((x, n) => x - gj[n]!);
      });
      let best = -1;
      let bestGain = -Infinity;
      for (let p = 0; p < live.length; p++) {
        if (!below[p]) continue;
        const x = fit.value.row(index.get(sides[p]!.wolves)!, index.get(sides[p]!.village)!);
        const gain = narrowing(fit.value, x, Math.min(a.batch, cap - t[p]!), gradients);
        if (gain > bestGain) {
          bestGain = gain;
          best = p;
        }
      }
      t[best] = Math.min(cap, t[best]! + a.batch);
      rounds++;
    }
  } finally {
    await player.close();
  }
  // Settled or capped: the pairings' runs are finished short of their caps, by design.
  // `rounds` counts the rounds after the first batch every pairing plays (as the summary says them).
  const after = rounds === 0 ? 'its first batch' : `its first batch and ${rounds} more round${rounds === 1 ? '' : 's'}`;
  if (status !== 'stopped') endRuns(store, live, `an adaptive tournament's ranking ${status === 'settled' ? 'settled' : 'at its caps'} after ${after}`);
  const stored = live.reduce((n, _, p) => n + Math.min(t[p]!, results[p]!.reduce((k, w, i) => k + (i < t[p]! && w !== -1 ? 1 : 0), 0)), 0);
  const total = t.reduce((n, x) => n + x, 0);
  return {
    play: { played, unfinished, seconds: (performance.now() - started) / 1000, stored, total, stopped: status === 'stopped' },
    state: { status, rounds, games: t, ranking, level: 1 - 0.05 / looks },
  };
}
