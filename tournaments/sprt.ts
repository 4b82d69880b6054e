// A sequential test in the results database (`sim sprt`, stats/sprt.ts): is the candidate
// A better than the baseline B on one side of the table by at least δ, or not better?
// A and B each play that side against the same opponent, as two ordinary runs of the same
// seed (`OPP werewolves=A` and `OPP werewolves=B` for the werewolves' side, `A
// werewolves=OPP` and `B werewolves=OPP` for the village's): game i of both is dealt from
// SEED#i, and pair i is (A won game i, B won game i). Each run is a run of `maxGames`
// games found by its key, like a tournament's pairings — so a pairing already played by a
// tournament or an earlier test of the same seed and size is read, not played again.
//
// Play goes in batches of `batch` pairs, aligned on multiples of `batch`: after each, the
// test reads the stored pairs in index order up to the first missing one and stops at the
// first pair that takes its LLR to a bound (scanSprt). The decision and the pair it comes
// at are therefore a function of the games alone — any number of workers, any
// interruption (kill -9, Ctrl-C, --max-cost) and any resume give the same decision at the
// same pair; the games played past it are the rest of its batch, the same on every path.

import { createHash } from 'node:crypto';
import { describeSetup, err, ok, SIDES, type GameSetup, type Result } from '../engine/index.js';
import { GamePlayer } from '../runs/games.js';
import type { RunRow, Store } from '../runs/storage.js';
import { codeHash } from '../runs/version.js';
import { checkDesign, scanSprt, sprtEstimate, type SprtDesign, type SprtEstimate, type SprtScan } from '../stats/sprt.js';
import { entrantSpecs, sidesPairing, type Pairing } from './schedule.js';
import { endRuns, livePairing, PairingPlayer, pairingRun, playPairings, type LivePairing, type PairingsExec, type PairingsIo, type PairingsOutcome, type PlayOutcome, type TournamentOptions } from './tournament.js';

export const SPRT_SIDES = ['werewolves', 'village'] as const;
export type SprtSide = (typeof SPRT_SIDES)[number];

export interface SprtRequest {
  /** Agent specs as written. */
  readonly candidate: string;
  readonly baseline: string;
  readonly opponent: string;
  readonly side: string;
  readonly design: SprtDesign;
  /** At most this many games of each entrant (pairs); the test says `none` there. */
  readonly maxGames: number;
  /** Pairs per batch: the test looks after each. */
  readonly batch: number;
  readonly setup: GameSetup;
  readonly seed: string;
}

export interface SprtPlan {
  /** Canonical specs. */
  readonly candidate: string;
  readonly baseline: string;
  readonly opponent: string;
  readonly side: SprtSide;
  readonly design: SprtDesign;
  readonly maxGames: number;
  readonly batch: number;
  readonly setup: GameSetup;
  readonly seed: string;
  /** The candidate's pairing, then the baseline's. */
  readonly pairings: readonly [Pairing, Pairing];
  /** The test's identity (its runs and what it reads: entrants, side, opponent, setup, seed, maximum). */
  readonly key: string;
  /** Some pairing seats a model. */
  readonly async: boolean;
}

/** The entrant on `side` against `opponent` on every other card. */
export function sidePairing(entrant: string, side: SprtSide, opponent: string): Pairing {
  return side === 'werewolves' ? sidesPairing(entrant, opponent) : sidesPairing(opponent, entrant);
}

/** The test, or why it cannot be played (every flag checked; nothing is opened). */
export function planSprt(r: SprtRequest): Result<SprtPlan, string> {
  const design = checkDesign(r.design);
  if (!design.ok) return design;
  const side = r.side.trim().toLowerCase();
  if (!(SPRT_SIDES as readonly string[]).includes(side))
    return err(`--side '${r.side}': choose werewolves (the candidate and the baseline play the werewolves' cards) or village (every other card)`);
  const specs = entrantSpecs([
    ['--candidate', r.candidate],
    ['--baseline', r.baseline],
    ['--opponent', r.opponent],
  ]);
  if (!specs.ok) return specs;
  const [candidate, baseline, opponent] = specs.value as [string, string, string];
  if (candidate === baseline)
    return err(
      `--candidate ${r.candidate.trim()} is the baseline (${baseline})${candidate === r.candidate.trim() ? '' : `, written otherwise`}: ` +
        'the two would play the same games; name two different agents (a knob at its default is the agent without it)',
    );
  if (!Number.isSafeInteger(r.maxGames) || r.maxGames < 1) return err(`--max-games must be a whole number of at least 1, not ${r.maxGames}`);
  if (!Number.isSafeInteger(r.batch) || r.batch < 1) return err(`--batch must be a whole number of at least 1, not ${r.batch}`);
  if (!r.setup.deck.includes('werewolf')) return err('the mix has no werewolf card: nobody would play the werewolves’ side');
  if (!r.setup.deck.some((c) => c !== 'werewolf')) return err('the mix has only werewolf cards: nobody would play the village');
  const s = side as SprtSide;
  const pairings = [sidePairing(candidate, s, opponent), sidePairing(baseline, s, opponent)] as const;
  const identity = JSON.stringify({ candidate, baseline, opponent, side: s, setup: describeSetup(r.setup), seed: r.seed, maxGames: r.maxGames });
  const key = createHash('sha256').update(identity).digest('hex').slice(0, 16);
  return ok({ candidate, baseline, opponent, side: s, design: design.value, maxGames: r.maxGames, batch: r.batch, setup: r.setup, seed: r.seed, pairings, key, async: pairings.some((p) => p.seating.async) });
}

export interface OpenSprt {
  readonly plan: SprtPlan;
  /** The candidate's run, then the baseline's. */
  readonly pairings: readonly [LivePairing, LivePairing];
  /** Runs this invocation made. */
  readonly createdRuns: readonly number[];
}

/** The two runs: found (same key, same code) or made. */
export function openSprt(store: Store, plan: SprtPlan): OpenSprt {
  const code = codeHash();
  const createdRuns: number[] = [];
  return store.transaction(() => {
    const live = plan.pairings.map((pairing, index) => {
      const { run, created } = pairingRun(store, { setup: plan.setup, seed: plan.seed, seating: pairing.seating, games: plan.maxGames }, code);
      if (created) createdRuns.push(run.id);
      return livePairing(store, { index, pairing, run, setup: plan.setup, seed: plan.seed });
    });
    return { plan, pairings: [live[0]!, live[1]!] as const, createdRuns };
  });
}

/** Per game index of the run: 1 if `side` won it, 0 if not (another side won, or a draw), −1 if not stored. */
export function sideWins(store: Store, run: RunRow, side: SprtSide): Int8Array {
  const place = SIDES.indexOf(side);
  return store.winnersIn(run.id, run).map((w) => (w < 0 ? -1 : w === place ? 1 : 0));
}

/** Pair differences in index order, up to the first index either run lacks. */
export function* pairDiffs(a: Int8Array, b: Int8Array): Generator<number> {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < 0 || y < 0) return;
    yield x - y;
  }
}

export type SprtVerdict = 'H1' | 'H0' | 'none';

export interface SprtState {
  readonly scan: SprtScan;
  /** H1 or H0: a bound reached; none: `maxGames` pairs without; null: undecided, more to play. */
  readonly decision: SprtVerdict | null;
  /** Games stored of the candidate's run and of the baseline's. */
  readonly stored: readonly [number, number];
}

/** The test on the stored games. */
export function sprtState(store: Store, open: OpenSprt): SprtState {
  const { plan } = open;
  const [a, b] = open.pairings.map((l) => sideWins(store, l.run, plan.side)) as [Int8Array, Int8Array];
  const scan = scanSprt(pairDiffs(a, b), plan.design, plan.maxGames);
  const decision = scan.decision ?? (scan.pairs >= plan.maxGames ? 'none' : null);
  const count = (w: Int8Array) => w.reduce((n, x) => n + (x >= 0 ? 1 : 0), 0);
  return { scan, decision, stored: [count(a), count(b)] };
}

/** The end of the batch that holds pair index `pairs` (the first one not read yet). */
export function batchStop(plan: Pick<SprtPlan, 'batch' | 'maxGames'>, pairs: number): number {
  return Math.min(plan.maxGames, (Math.floor(pairs / plan.batch) + 1) * plan.batch);
}

export interface SprtPlay {
  readonly state: SprtState;
  /**
   * What this invocation played, for the summary and the LLM session: `stored` and `total`
   * count the games of both runs below the last batch's end, equal once the test is over.
   */
  readonly play: PlayOutcome;
}

/** Plays batches until the test decides, reaches its maximum, or is stopped; `onLook` hears the test after each batch. */
export async function playSprt(store: Store, open: OpenSprt, o: TournamentOptions, onLook?: (scan: SprtScan) => void): Promise<SprtPlay> {
  const started = performance.now();
  const player = new PairingPlayer(store, open.pairings, o);
  let played = 0;
  let unfinished = 0;
  let stopped = false;
  let state = sprtState(store, open);
  let stop = batchStop(open.plan, state.scan.pairs);
  onLook?.(state.scan);
  try {
    while (state.decision === null) {
      stop = batchStop(open.plan, state.scan.pairs);
      const step = await player.play(() => stop);
      played += step.played;
      unfinished += step.unfinished;
      state = sprtState(store, open);
      onLook?.(state.scan);
      if (step.stopped) {
        stopped = state.decision === null;
        break;
      }
    }
  } finally {
    await player.close();
  }
  // Decided: its runs are finished short of their planned games, by design (not stopped).
  if (state.decision !== null) endRuns(store, open.pairings, `a sequential test's decision (${state.decision === 'none' ? 'no bound reached' : state.decision}) after ${state.scan.pairs} pairs`);
  const below = (l: LivePairing) => store.storedBelow(l.run.id, stop);
  const total = 2 * stop;
  const stored = state.decision === null ? open.pairings.reduce((n, l) => n + below(l), 0) : total;
  return { state, play: { played, unfinished, seconds: (performance.now() - started) / 1000, stored, total, stopped } };
}

export interface SprtIo extends PairingsIo<OpenSprt> {
  /** The test after each batch (its pairs, counts and LLR): live standings. */
  readonly onLook?: (scan: SprtScan) => void;
}

/** The test's state and estimate, read after play. */
export interface SprtResult {
  readonly state: SprtState;
  /** The estimate at the test's stop (null before any pair). */
  readonly estimate: SprtEstimate | null;
}

export type SprtOutcome = PairingsOutcome<OpenSprt, SprtResult>;

/** Opens the results file, plays the test to its decision (or a stop), and reads its estimate. */
export function runSprt(
  db: string,
  plan: SprtPlan,
  exec: PairingsExec,
  io: SprtIo = {},
): Promise<Result<SprtOutcome, string>> {
  if (plan.async && io.models === undefined) return Promise.resolve(err('an entrant is a model: play it through sim sprt (its LLM flags: --max-cost, --llm-cache…)'));
  return playPairings({
    db,
    async: plan.async,
    open: (store) => openSprt(store, plan),
    play: async (store, open, options) => (await playSprt(store, open, options, io.onLook)).play,
    read: (store, open) => {
      const state = sprtState(store, open);
      return { state, estimate: sprtEstimate(state.scan, plan.design) };
    },
    exec,
    io,
  });
}

/**
 * Pair differences of games played here and now, without a database — for simulations of
 * the test itself (scripts/sprt-errors.ts, test/tournaments/sprt-bots.test.ts): game i of
 * A from `seed`, game i of B from `baselineSeed` (default the same seed: paired; another
 * seed gives independent deals, an unpaired comparison).
 */
export function* playedPairs(o: {
  readonly setup: GameSetup;
  readonly side: SprtSide;
  readonly candidate: Pairing;
  readonly baseline: Pairing;
  readonly seed: string;
  readonly baselineSeed?: string;
}): Generator<number, never> {
  const codes = { roles: [], causes: [], sides: [] };
  const player = (p: Pairing, seed: string) => new GamePlayer({ setup: o.setup, seed, seating: p.seating, codes });
  const a = player(o.candidate, o.seed);
  const b = player(o.baseline, o.baselineSeed ?? o.seed);
  const won = (g: GamePlayer, i: number) => (g.playOutcome(i).state.winner === o.side ? 1 : 0);
  for (let i = 0; ; i++) yield won(a, i) - won(b, i);
}
