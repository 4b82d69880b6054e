// The planner (`sim plan`): how many games it takes to tell two agents apart.
//
// - A pilot: A and B each play each side against the same opponent for `pilot` games,
//   on shared deals (the four runs of two sequential tests, one per side: `OPP
//   werewolves=A`, `OPP werewolves=B`, `A werewolves=OPP`, `B werewolves=OPP`), stored
//   like any run — a rerun reads them, and a later `sim sprt` of the same seed and size
//   continues them. Their pairs measure the spread of a pair's difference, and
//   stats/plan.ts turns it into games: a fixed-size comparison, and an SPRT's mean.
// - A tournament already played (side mode): every two entrants on each side, paired over
//   the opponents both met on the same deals, and how many more games per pairing would
//   settle each comparison that is not settled yet.

import { createHash } from 'node:crypto';
import { describeSetup, err, ok, type GameSetup, type Result } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import { codeHash } from '../runs/version.js';
import { forecast, settleState, type Forecast, type PlanTarget, type Settled } from '../stats/plan.js';
import { clusteredMean, type ClusterSum } from '../stats/cluster-mean.js';
import { addPair, NO_PAIRS, pairCount, pairSpread, type PairCounts } from '../stats/sprt.js';
import { Z95 } from '../stats/wilson.js';
import { entrantSpecs, type Pairing } from './schedule.js';
import { pairDiffs, sidePairing, sideWins, SPRT_SIDES, type SprtSide } from './sprt.js';
import { livePairing, PairingPlayer, pairingRun, playPairings, type LivePairing, type PairingsExec, type PairingsIo, type PairingsOutcome } from './tournament.js';
import { pairings as tournamentPairings, type TournamentRow } from './tournament-store.js';

/** Why a target cannot be planned for, or it. Messages name the CLI's flags. */
export function checkTarget(t: PlanTarget): Result<PlanTarget, string> {
  if (!(t.delta > 0 && t.delta < 1)) return err(`--delta ${t.delta}: the difference in win rate to separate must be between 0 and 1 (exclusive), e.g. --delta 0.05`);
  if (!(t.alpha > 0 && t.alpha < 0.5)) return err(`--alpha ${t.alpha}: the false-positive rate must be between 0 and 0.5 (exclusive), e.g. --alpha 0.05`);
  if (!(t.power > 0.5 && t.power < 1)) return err(`--power ${t.power}: the power must be between 0.5 and 1 (exclusive), e.g. --power 0.8`);
  return ok(t);
}

export interface PilotRequest {
  /** The two agents, as written. */
  readonly agents: readonly string[];
  readonly opponent: string;
  /** Games of each agent on each side. */
  readonly pilot: number;
  readonly target: PlanTarget;
  readonly setup: GameSetup;
  readonly seed: string;
}

export interface PilotPlan {
  readonly a: string;
  readonly b: string;
  readonly opponent: string;
  readonly pilot: number;
  readonly target: PlanTarget;
  readonly setup: GameSetup;
  readonly seed: string;
  /** Per side: A's pairing, then B's. */
  readonly sides: readonly { readonly side: SprtSide; readonly pairings: readonly [Pairing, Pairing] }[];
  readonly key: string;
  readonly async: boolean;
}

export function planPilot(r: PilotRequest): Result<PilotPlan, string> {
  const target = checkTarget(r.target);
  if (!target.ok) return target;
  if (r.agents.length !== 2) return err(`sim plan compares two agents: give --agents twice (e.g. --agents heuristic:fakeClaim=0 --agents heuristic), not ${r.agents.length} time${r.agents.length === 1 ? '' : 's'}`);
  const specs = entrantSpecs([
    ['--agents', r.agents[0]!],
    ['--agents', r.agents[1]!],
    ['--opponent', r.opponent],
  ]);
  if (!specs.ok) return specs;
  const [a, b, opponent] = specs.value as [string, string, string];
  if (a === b) return err(`--agents: ${r.agents[0]!.trim()} and ${r.agents[1]!.trim()} are the same agent (${a}): they would play the same games; name two different agents`);
  if (!Number.isSafeInteger(r.pilot) || r.pilot < 2) return err(`--pilot must be a whole number of at least 2, not ${r.pilot}`);
  if (!r.setup.deck.includes('werewolf') || !r.setup.deck.some((c) => c !== 'werewolf')) return err('the mix needs werewolf cards and other cards: both sides are compared');
  const sides = SPRT_SIDES.map((side) => ({ side, pairings: [sidePairing(a, side, opponent), sidePairing(b, side, opponent)] as const }));
  const identity = JSON.stringify({ a, b, opponent, setup: describeSetup(r.setup), seed: r.seed, pilot: r.pilot });
  const key = createHash('sha256').update(identity).digest('hex').slice(0, 16);
  return ok({ a, b, opponent, pilot: r.pilot, target: target.value, setup: r.setup, seed: r.seed, sides, key, async: sides.some((s) => s.pairings.some((p) => p.seating.async)) });
}

export interface OpenPilot {
  readonly plan: PilotPlan;
  /** Per side, A's run then B's, in the order of `plan.sides`. */
  readonly pairings: readonly LivePairing[];
  readonly createdRuns: readonly number[];
}

export function openPilot(store: Store, plan: PilotPlan): OpenPilot {
  const code = codeHash();
  const createdRuns: number[] = [];
  return store.transaction(() => {
    const pairings = plan.sides.flatMap((s, i) =>
      s.pairings.map((pairing, j) => {
        const { run, created } = pairingRun(store, { setup: plan.setup, seed: plan.seed, seating: pairing.seating, games: plan.pilot }, code);
        if (created) createdRuns.push(run.id);
        return livePairing(store, { index: 2 * i + j, pairing, run, setup: plan.setup, seed: plan.seed });
      }),
    );
    return { plan, pairings, createdRuns };
  });
}

function countsOf(diffs: Iterable<number>): PairCounts {
  let c = NO_PAIRS;
  for (const d of diffs) c = addPair(c, d);
  return c;
}

export interface SideForecast {
  readonly side: SprtSide;
  readonly counts: PairCounts;
  readonly forecast: Forecast;
  /** A's run and B's. */
  readonly runs: readonly [number, number];
}

/** The pilot's pairs per side (up to the first game either lacks) and what they forecast. */
export function pilotForecasts(store: Store, open: OpenPilot): SideForecast[] {
  return open.plan.sides.map((s, i) => {
    const [la, lb] = [open.pairings[2 * i]!, open.pairings[2 * i + 1]!];
    const counts = countsOf(pairDiffs(sideWins(store, la.run, s.side), sideWins(store, lb.run, s.side)));
    return { side: s.side, counts, forecast: forecast(counts, open.plan.target), runs: [la.run.id, lb.run.id] };
  });
}

/** Two entrants of a played tournament compared on one side, over the opponents both met. */
export interface StoredComparison {
  readonly side: SprtSide;
  readonly x: string;
  readonly y: string;
  /** The opponents both played on that side (each a pair of pairings on shared deals). */
  readonly opponents: readonly string[];
  readonly counts: PairCounts;
  readonly mean: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly spread: number;
  readonly status: Settled;
  /** Pairs (games of each) still to play to settle it if its mean held; null when settled. */
  readonly morePairs: number | null;
  /** The same as games per pairing involved (each adds one pair per opponent). */
  readonly moreGamesPerPairing: number | null;
}

/** Every two entrants of a side tournament on each side; refused for seat and mixed tournaments. */
export function storedComparisons(store: Store, t: TournamentRow, target: PlanTarget): Result<StoredComparison[], string> {
  if (t.mode !== 'side')
    return err(
      t.mode === 'seat'
        ? `tournament ${t.id} is a seat tournament: its comparisons are each entrant against the reference, in its report (sim report --tournament ${t.id}); sim plan reads side tournaments`
        : `tournament ${t.id} is a mixed tournament: its entrants are compared through the fitted skills of its report (sim report --tournament ${t.id}); sim plan reads side tournaments`,
    );
  const rows = tournamentPairings(store, t.id).filter((p) => p.kind === 'sides');
  const wins = new Map<string, Int8Array>();
  const runOf = (wolves: string, village: string) => rows.find((p) => p.wolves === wolves && p.village === village)?.run;
  const winsOf = (run: number, side: SprtSide) => {
    const key = `${run}/${side}`;
    let w = wins.get(key);
    if (w === undefined) {
      const row = store.run(run);
      if (row === undefined) throw new Error(`tournament ${t.id}: its run ${run} is missing`);
      w = sideWins(store, row, side);
      wins.set(key, w);
    }
    return w;
  };
  const out: StoredComparison[] = [];
  for (const side of SPRT_SIDES)
    for (let i = 0; i < t.entrants.length; i++)
      for (let j = i + 1; j < t.entrants.length; j++) {
        const [x, y] = [t.entrants[i]!, t.entrants[j]!];
        let counts = NO_PAIRS;
        const opponents: string[] = [];
        // A deal is read against every opponent both met: its differences share its cards, so the deal is the unit of the error.
        const deals: ClusterSum[] = [];
        for (const z of t.entrants) {
          const rx = side === 'werewolves' ? runOf(x, z) : runOf(z, x);
          const ry = side === 'werewolves' ? runOf(y, z) : runOf(z, y);
          if (rx === undefined || ry === undefined) continue;
          opponents.push(z);
          let deal = 0;
          for (const d of pairDiffs(winsOf(rx, side), winsOf(ry, side))) {
            counts = addPair(counts, d);
            const cell = deals[deal] ?? { sum: 0, count: 0 };
            deals[deal++] = { sum: cell.sum + d, count: cell.count + 1 };
          }
        }
        const n = pairCount(counts);
        const { mean, se } = clusteredMean(deals);
        const half = se === null ? null : Z95 * se;
        // The spread that makes spread / √pairs the clustered error, so the pairs still needed allow for the shared deals.
        const spread = se === null || se === 0 ? pairSpread(counts) : se * Math.sqrt(n);
        const s = settleState({ mean, spread, pairs: n, ...target });
        out.push({
          side,
          x,
          y,
          opponents,
          counts,
          mean,
          low: half === null ? null : Math.max(-1, mean - half),
          high: half === null ? null : Math.min(1, mean + half),
          spread,
          status: s.status,
          morePairs: s.more,
          moreGamesPerPairing: s.more === null || opponents.length === 0 ? null : Math.ceil(s.more / opponents.length),
        });
      }
  return ok(out);
}

export type PilotOutcome = PairingsOutcome<OpenPilot, SideForecast[]>;

/** Plays the pilot's missing games (all four runs to `pilot` games) and forecasts from them. */
export function runPilot(
  db: string,
  plan: PilotPlan,
  exec: PairingsExec,
  io: PairingsIo<OpenPilot> = {},
): Promise<Result<PilotOutcome, string>> {
  return playPairings({
    db,
    async: plan.async,
    open: (store) => openPilot(store, plan),
    play: async (store, open, options) => {
      const player = new PairingPlayer(store, open.pairings, options);
      try {
        return await player.play((l) => l.run.stop);
      } finally {
        await player.close();
      }
    },
    read: pilotForecasts,
    exec,
    io,
  });
}
