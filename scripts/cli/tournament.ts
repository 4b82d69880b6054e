// `sim tournament`: wiring (its flags: flags/tournament.ts); the work is in
// reports/tournament-command.ts and tournaments/ (schedule, play, ratings). Entrants that
// are models go through tournament-llm.ts (loaded only then): record, budget, dry run.

import { visible, visibleLine } from '../../narrate/escape.js';
import { displayWidth, hanging, wrap } from '../../narrate/width.js';
import type { Ranked } from '../../tournaments/ratings.js';
import { onInterrupt } from './interrupt.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { parseSeating } from '../../agents/registry.js';
import { planTournament, runTournament, type TournamentArgs } from '../../commands/tournament.js';
import { inspectDbFile, removeDbFiles } from '../../runs/db-file.js';
import { count, dbPathFrom, decimal, DEFAULT_SEED, executionFrom, listFlag, policyFrom } from './args.js';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { llmSettingsFrom, noLlmFlags } from './llm-args.js';
import { progressBar } from './progress.js';
import type { ExecHost } from '../../agents/exec/host.js';
import type { Schedule } from '../../tournaments/schedule.js';
import { execSettingsFrom, execSummary, startExec } from './exec-run.js';
import { terminalWidth, type CliIo } from './io.js';
import { DEFAULT_ADAPTIVE_BATCH, DEFAULT_ADAPTIVE_MAX, DEFAULT_ADAPTIVE_PRECISION, DEFAULT_TOURNAMENT_GAMES, type TournamentCliArgs } from './flags/tournament.js';
import { grouped } from '../../narrate/numbers.js';

/** An adaptive tournament's standing before the progress bar: `round 7 · 1/2 open ·` (neighbours in the ranking not yet told apart). */
export function roundLabel(round: number, open: number, ranked: number): string {
  return `round ${round} · ${open}/${Math.max(0, ranked - 1)} open ·`;
}

/**
 * A fixed tournament's live standing, drawn above the bar after a batch (at most every
 * 5 s): the games so far, then the entrants best first, each with its score and 95%
 * interval, as the leaderboard at the end ranks them; within `width` columns.
 */
export function standingLines(rows: readonly Ranked[], stored: number, total: number, width: number): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const games = grouped;
  const name = Math.min(Math.max(...rows.map((r) => displayWidth(visibleLine(r.entrant)))), Math.max(8, width - 34));
  return [
    ...wrap(`standing at ${games(stored)} of ${games(total)} games (score, 95% interval):`, width),
    ...rows.flatMap((r) => {
      const entrant = visibleLine(r.entrant);
      const pad = ' '.repeat(Math.max(0, name - displayWidth(entrant)));
      return hanging(`  ${String(r.rank).padStart(2)}  `, `${entrant}${pad}  ${pct(r.score)} (${pct(r.low)}–${pct(r.high)})`, { width });
    }),
  ];
}

export async function tournamentCommand(a: TournamentCliArgs, io: CliIo): Promise<number> {
  const exec = executionFrom({ workers: a.workers, concurrency: a.concurrency, batch: undefined, json: a.json }, io);
  if (a.adaptive === true && a.games !== undefined)
    fail('--adaptive decides the games of each pairing itself: drop --games (give --max-games N for a cap per pairing)');
  if (a.adaptive !== true) {
    const only = (['precision', 'maxGames', 'batch'] as const).filter((k) => a[k] !== undefined);
    if (only.length > 0) fail(`${only.map((k) => (k === 'maxGames' ? '--max-games' : `--${k}`)).join(', ')} appl${only.length === 1 ? 'ies' : 'y'} to --adaptive tournaments; a fixed one plays --games N per pairing`);
  }
  const db = dbPathFrom(a.db);
  if (db === null) fail('a tournament stores each pairing as a run: it needs a database (drop --no-db, or give --db PATH)');
  const args: TournamentArgs = {
    db,
    width: terminalWidth(io),
    mode: a.mode ?? 'side',
    agents: listFlag('agents', a.agents, 'heuristic'),
    reference: a.reference,
    selfPlay: a.selfPlay,
    preset: a.preset,
    players: a.players === undefined ? undefined : count('players', a.players, 1),
    roles: a.roles,
    rules: listFlag('rule', a.rule, 'tie=none'),
    seed: a.seed ?? DEFAULT_SEED,
    games:
      a.adaptive === true
        ? a.maxGames === undefined
          ? DEFAULT_ADAPTIVE_MAX
          : count('max-games', a.maxGames, 1, 2 ** 31 - 1)
        : a.games === undefined
          ? DEFAULT_TOURNAMENT_GAMES
          : count('games', a.games, 1, 2 ** 31 - 1),
    adaptive:
      a.adaptive === true
        ? {
            precision: a.precision === undefined ? DEFAULT_ADAPTIVE_PRECISION : decimal('precision', a.precision, '0.02'),
            batch: a.batch === undefined ? DEFAULT_ADAPTIVE_BATCH : count('batch', a.batch, 1, 1_000_000),
          }
        : undefined,
    policy: a.policy === undefined ? undefined : policyFrom(a.policy),
    workers: exec.workers,
    threadFirst: exec.threadFirst,
    concurrency: exec.concurrency,
    json: a.json,
  };
  const schedule = unwrap(planTournament(args));
  const models = llmSpecsOf(unwrap(parseSeating(schedule.entrants.concat(schedule.reference ?? []))));
  let llm: typeof import('./tournament-llm.js') | undefined;
  let settings: ReturnType<typeof llmSettingsFrom> | undefined;
  if (models.length === 0) noLlmFlags(a, schedule.entrants.join(', '));
  else {
    if (a.adaptive === true ? a.maxGames === undefined : a.games === undefined)
      fail(
        a.adaptive === true
          ? `an entrant is a model: give --max-games N (games per pairing at most; ${schedule.pairings.length} pairings) and --max-cost USD`
          : `an entrant is a model: give --games N (games per pairing; ${schedule.pairings.length} pairings) — sim tournament … --dry-run estimates the cost first`,
      );
    settings = llmSettingsFrom(a, io.env);
    llm = await import('./tournament-llm.js');
    if (settings.dryRun) return llm.dryRun(schedule, settings, a.json, io);
    llm.checkTournamentModels(schedule, settings);
  }
  const agentSettings = execSettingsFrom(a, schedule.pairings.map((p) => p.seating));
  if (agentSettings?.log !== undefined) fail("--agent-log: a tournament writes its agents' log beside its database (DB.tournamentN.agents.log)");
  // Everything is checked: the process agents start (and must greet) before the database is opened.
  const host = agentSettings === null ? undefined : await startExec(schedule.pairings.map((p) => p.seating), agentSettings, { seed: args.seed }, io);
  try {
    return await play(a, { db, schedule, args, llm, settings, host }, io);
  } finally {
    await host?.close();
  }
}

async function play(
  a: TournamentCliArgs,
  t: {
    db: string;
    schedule: Schedule;
    args: TournamentArgs;
    llm: typeof import('./tournament-llm.js') | undefined;
    settings: ReturnType<typeof llmSettingsFrom> | undefined;
    host: ExecHost | undefined;
  },
  io: CliIo,
): Promise<number> {
  const { db, schedule, args, llm, settings, host } = t;
  const state = inspectDbFile(db);
  const bar = progressBar(!a.json, io);
  // The bar's shape is set by its first update: an adaptive tournament's is labelled from the start.
  let label: string | undefined = schedule.adaptive === null ? undefined : 'round 1 ·';
  let stopModels: (() => void) | undefined;
  const interrupt = onInterrupt(io, {
    clear: () => bar.stop(),
    continueHint: 'run the same sim tournament again to continue',
    onFirst: () => stopModels?.(),
  });
  try {
    const r = await runTournament(args, {
      shouldStop: interrupt.stopping,
      onProgress: (done, total) => bar.update(done, total, label),
      // An adaptive tournament's live standing before the bar: its round, and how many neighbours are still open.
      onRound: (round, open, ranked) => (label = roundLabel(round, open, ranked)),
      // A fixed tournament's live standing above the bar (none on a pipe or under --json: the bar is silent there).
      onStanding: a.json || io.stderr.isTTY !== true ? undefined : (rows, stored, total) => bar.note(standingLines(rows, stored, total, terminalWidth(io))),
      exec: host,
      execSummary: host === undefined ? undefined : () => execSummary(host),
      models:
        llm === undefined
          ? undefined
          : (store, open) => {
              const session = llm.startTournamentModels(store, open, schedule, settings!, db, host);
              stopModels = () => session.interrupt();
              return session;
            },
    });
    bar.stop();
    const out = unwrap(r);
    if (out.dropped) {
      // Refused at its first call: nothing was kept, nor the file made for it.
      if (state.ok && state.value === 'missing') removeDbFiles(db);
      io.stdout.write(out.stdout);
      io.stderr.write(visible(out.stop?.message ?? 'the tournament was not kept') + '\n');
      return out.stop?.exit ?? 1;
    }
    io.stdout.write(out.stdout);
    if (out.stop !== null) {
      io.stderr.write(visible(out.stop.message) + '\n');
      return out.stop.exit;
    }
    if (out.play.stopped) {
      io.stderr.write(`stopped after ${out.play.stored} of ${out.play.total} games; run the same command again to continue\n`);
      return EXIT_INTERRUPTED;
    }
    return 0;
  } finally {
    interrupt.dispose();
    bar.stop();
  }
}
