// `sim sprt`: wiring and printing (its flags: flags/sprt.ts); the test is
// tournaments/sprt.ts (its runs and batches) over stats/sprt.ts (the LLR, the bounds, the
// estimate). Every flag is checked before the database is opened: a refused test writes
// nothing. Entrants that are models go through tournament-llm.ts (one LLM session: record,
// budget), loaded only then.

import { mixLabel } from '../../engine/index.js';
import { labelled } from '../../reports/terminal.js';
import { wrap } from '../../narrate/width.js';
import { changedRules, parseSeed } from '../../runs/run-config.js';
import { fixedPairs } from '../../stats/plan.js';
import { pairSpread, sprtBounds, type SprtDesign, type SprtScan } from '../../stats/sprt.js';
import { planSprt, runSprt, type OpenSprt, type SprtOutcome, type SprtPlan, type SprtResult } from '../../tournaments/sprt.js';
import { setupLabel } from '../../tournaments/tournament-data.js';
import { count, dbPathFrom, decimal, DEFAULT_SEED, executionFrom, setupFrom } from './args.js';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { llmSettingsFrom, noLlmFlags } from './llm-args.js';
import { noProcessAgents } from './exec-run.js';
import { playPairingsFromCli } from './pairing-play.js';
import type { CliIo } from './io.js';
import { DEFAULT_OPPONENT } from '../../tournaments/schedule.js';
import { DEFAULT_DELTA, DEFAULT_ERROR, DEFAULT_SPRT_BATCH, DEFAULT_SPRT_MAX_GAMES, type SprtCliArgs } from './flags/sprt.js';
import { roundedGrouped } from '../../narrate/numbers.js';

/** Every flag checked and the test planned; nothing opened. */
export function sprtPlanFrom(a: SprtCliArgs, concurrency: number): SprtPlan {
  if (a.candidate === undefined || a.baseline === undefined)
    fail('name the two agents: --candidate A --baseline B (e.g. --candidate heuristic:fakeClaim=0 --baseline heuristic --side werewolves)');
  if (a.side === undefined) fail('--side werewolves or --side village: the side A and B are compared on');
  const setup = setupFrom(a);
  const request = {
    candidate: a.candidate,
    baseline: a.baseline,
    opponent: a.opponent ?? DEFAULT_OPPONENT,
    side: a.side,
    design: {
      delta: a.delta === undefined ? DEFAULT_DELTA : decimal('delta', a.delta, '0.05'),
      alpha: a.alpha === undefined ? DEFAULT_ERROR : decimal('alpha', a.alpha, '0.05'),
      beta: a.beta === undefined ? DEFAULT_ERROR : decimal('beta', a.beta, '0.05'),
    },
    maxGames: a.maxGames === undefined ? DEFAULT_SPRT_MAX_GAMES : count('max-games', a.maxGames, 1, 2 ** 31 - 1),
    batch: a.batch === undefined ? DEFAULT_SPRT_BATCH : count('batch', a.batch, 1, 1_000_000),
    setup,
    seed: unwrap(parseSeed(a.seed ?? DEFAULT_SEED)),
  };
  const plan = unwrap(planSprt(request));
  if (!plan.async || a.batch !== undefined) return plan;
  // Models: a batch fills the games in flight (two games a pair), so little is played past the decision.
  return unwrap(planSprt({ ...request, batch: Math.max(1, Math.ceil(concurrency / 2)) }));
}

/** The test's live standing before the progress bar: its LLR between its bounds (cutechess prints the same after each game). */
export function liveLlr(scan: SprtScan, design: SprtDesign): string {
  const b = sprtBounds(design);
  const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(2)}`;
  return `LLR ${signed(scan.llr)} (${signed(b.lower)}, ${signed(b.upper)})`;
}

export async function sprtCommand(a: SprtCliArgs, io: CliIo): Promise<number> {
  const exec = executionFrom({ workers: a.workers, concurrency: a.concurrency, batch: undefined, json: a.json }, io);
  const db = dbPathFrom(a.db);
  if (db === null) fail('a sequential test stores its games as runs: it needs a database (drop --no-db, or give --db PATH)');
  const plan = sprtPlanFrom(a, exec.concurrency);
  noProcessAgents([plan.candidate, plan.baseline, plan.opponent], 'sim sprt');
  let llm: typeof import('./tournament-llm.js') | undefined;
  let settings: ReturnType<typeof llmSettingsFrom> | undefined;
  if (!plan.async) noLlmFlags(a, [plan.candidate, plan.baseline, plan.opponent].join(', '));
  else {
    if (a.maxGames === undefined) fail('an entrant is a model: give --max-games N (games of each at most) and --max-cost USD; sim plan --dry-run estimates the cost first');
    settings = llmSettingsFrom(a, io.env);
    llm = await import('./tournament-llm.js');
    llm.checkSprtModels(plan, settings);
  }
  const played = await playPairingsFromCli({
    db,
    json: a.json,
    continueHint: 'run the same sim sprt again to continue',
    models: llm === undefined ? undefined : (store, open: OpenSprt) => llm.startSprtModels(store, open, settings!, db),
    run: (io, live) => runSprt(db, plan, { workers: exec.workers, threadFirst: exec.threadFirst, concurrency: exec.concurrency }, { ...io, onLook: (scan) => live.label(liveLlr(scan, plan.design)) }),
  }, io);
  if ('exit' in played) return played.exit;
  const out = played.kept;
  if (out.result === null) throw new Error('sim sprt: a kept test without its result');
  const view: SprtView = { ...out, ...out.result };
  io.stdout.write(a.json ? JSON.stringify(sprtJson(view, db)) + '\n' : sprtText(view, db));
  if (out.stop !== null) {
    io.stderr.write(out.stop.message + '\n');
    return out.stop.exit;
  }
  if (view.state.decision === null) {
    io.stderr.write(`stopped before a decision, after ${view.state.scan.pairs} pairs; run the same command again to continue\n`);
    return EXIT_INTERRUPTED;
  }
  return 0;
}

/** What is printed of a test: its runs, this invocation's play, and the state read after it. */
type SprtView = Omit<SprtOutcome, 'result'> & SprtResult;

const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(3)}`;
const n = roundedGrouped;

/** Games a fixed-size test with the test's error rates would need, of each (from the spread of the pairs read). */
function fixedGames(out: SprtView): number | null {
  const { scan } = out.state;
  if (scan.pairs < 2) return null;
  const d = out.open.plan.design;
  return fixedPairs({ spread: pairSpread(scan.counts), delta: d.delta, alpha: d.alpha, power: 1 - d.beta, sides: 1 });
}

export function sprtJson(out: SprtView, db: string): Record<string, unknown> {
  const { plan } = out.open;
  const { scan } = out.state;
  const b = sprtBounds(plan.design);
  const e = out.estimate;
  return {
    decision: out.state.decision,
    games: scan.pairs,
    llr: scan.llr,
    lower: b.lower,
    upper: b.upper,
    estimate: e?.estimate ?? null,
    low: e?.low ?? null,
    high: e?.high ?? null,
    corrected: true,
    unadjusted: e?.unadjusted ?? null,
    pairs: scan.counts,
    fixedGames: fixedGames(out),
    candidate: plan.candidate,
    baseline: plan.baseline,
    opponent: plan.opponent,
    side: plan.side,
    ...plan.design,
    maxGames: plan.maxGames,
    batch: plan.batch,
    seed: plan.seed,
    key: plan.key,
    db,
    runs: out.open.pairings.map((l) => l.run.id),
    stored: out.state.stored,
    played: out.play.played,
    seconds: out.play.seconds,
    unfinished: out.play.unfinished,
    stopped: out.state.decision === null,
    llm: out.llm?.json ?? null,
  };
}

export function sprtText(out: SprtView, db: string): string {
  const { plan } = out.open;
  const { scan, decision } = out.state;
  const { delta, alpha, beta } = plan.design;
  const b = sprtBounds(plan.design);
  const as = plan.side === 'werewolves' ? 'as the werewolves' : 'as the village';
  const verdict =
    decision === 'H1'
      ? `H1 at game ${n(scan.pairs)} of each: ${plan.candidate} wins at least ${delta} more often than ${plan.baseline} ${as}`
      : decision === 'H0'
        ? `H0 at game ${n(scan.pairs)} of each: ${plan.candidate} is not better than ${plan.baseline} ${as} (by ${delta} or more)`
        : decision === 'none'
          ? `none: ${n(plan.maxGames)} games of each (--max-games) without reaching a bound`
          : `undecided after ${n(scan.pairs)} pairs: the test was stopped; run the same command again to continue it`;
  const e = out.estimate;
  const fixed = fixedGames(out);
  const c = scan.counts;
  const rows: [string, string][] = [
    ['decision', verdict],
    ['LLR', `${scan.llr.toFixed(3)}; bounds ${b.lower.toFixed(3)} (H0) and ${b.upper.toFixed(3)} (H1) for alpha ${alpha}, beta ${beta}`],
    [
      'difference',
      e === null
        ? 'no pair played yet'
        : `${signed(e.estimate)} (95% ${signed(e.low)} to ${signed(e.high)}) in win rate, A - B, corrected for the sequential stop; ` +
          `the plain mean ${signed(e.unadjusted.estimate)} (${signed(e.unadjusted.low)} to ${signed(e.unadjusted.high)}) is not (it is biased at a stop)`,
    ],
    ['pairs', `${n(scan.pairs)}: ${n(c.plus)} won by A alone, ${n(c.minus)} by B alone, ${n(c.zero)} alike`],
    ...(fixed === null ? [] : ([['fixed size', `a fixed-size test with the same error rates needs about ${n(fixed)} games of each (from the spread of these pairs)`]] as [string, string][])),
    ['opponent', `${plan.opponent} on every other card, for both`],
    ['setup', setupLabel({ players: plan.setup.players, deck: mixLabel(plan.setup), preset: plan.setup.preset, rules: changedRules(plan.setup).join(' ') })],
    ['deals', `game i of A and of B from ${plan.seed}#i; batches of ${n(plan.batch)} pairs, at most ${n(plan.maxGames)}`],
    ['played', `${n(out.play.played)} games now in ${out.play.seconds.toFixed(1)} s; stored ${n(out.state.stored[0])} of A, ${n(out.state.stored[1])} of B (a batch runs to its end)`],
    ['stored in', `${db}: runs ${out.open.pairings[0].run.id} (A) and ${out.open.pairings[1].run.id} (B)`],
  ];
  const lines = [
    ...wrap(`werewolf-lab sprt: is A = ${plan.candidate} better than B = ${plan.baseline} ${as} by ${delta} or more?`, 80),
    ...labelled(rows),
    ...(out.llm?.lines ?? []),
  ];
  return lines.join('\n') + '\n';
}
