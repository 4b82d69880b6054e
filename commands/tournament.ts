// `sim tournament`: plans a schedule (tournaments/schedule.ts), plays it into the results
// database (tournaments/tournament.ts), and prints the ratings (80 columns, or JSON).
// Every flag, entrant and seat is checked before the database is opened: a refused
// tournament writes nothing. Models are played through `hooks` (the CLI's LLM layer,
// loaded only when an entrant is a model), which owns the record and the budget.

import { err, ok, type Result } from '../engine/index.js';
import { describeSetup, mixLabel, resolveSetup } from '../engine/index.js';
import { changedRules, parseSeed, type ThreadFirst } from '../runs/run-config.js';
import type { FailurePolicy } from '../tournaments/failure-policy.js';
import { MODES, planSchedule, type AdaptiveSettings, type Mode, type Schedule } from '../tournaments/schedule.js';
import { Store } from '../runs/storage.js';
import { execLogPath } from '../runs/runner.js';
import type { ExecHost } from '../agents/exec/host.js';
import { execCommandsOf } from '../agents/exec/kind.js';
import { llmSpecsOf } from '../agents/llm/kinds.js';
import { playAdaptive, type AdaptiveState } from '../tournaments/adaptive.js';
import { discardTournament, openTournament, playTournament, type ModelSession, type OpenTournament, type PlayOutcome, type TournamentOptions } from '../tournaments/tournament.js';
import { scheduleFields } from '../tournaments/tournament-store.js';
import type { Ranked } from '../tournaments/ratings.js';
import type { BoardRow } from '../tournaments/leaderboard.js';
import { POLICY_WORDS, rankingTable, sidesTable } from '../reports/leaderboard-table.js';
import type { Table } from '../reports/table.js';
import { setupLabel, tournamentData } from '../tournaments/tournament-data.js';
import { toJsonObject } from '../reports/export.js';
import { liveStanding, modelOf, tournamentReport } from '../reports/tournament-report.js';
import { labelled, renderTable } from '../reports/terminal.js';
import { TERMINAL_WIDTH, wrap } from '../narrate/width.js';

export interface TournamentArgs {
  readonly db: string;
  readonly mode: string;
  readonly agents: readonly string[];
  readonly reference?: string | undefined;
  readonly selfPlay?: boolean | undefined;
  readonly preset?: string | undefined;
  readonly players?: number | undefined;
  readonly roles?: string | undefined;
  readonly rules: readonly string[];
  readonly seed: string;
  readonly games: number;
  /** Adaptive (side mode): `games` is each pairing's cap. */
  readonly adaptive?: AdaptiveSettings | undefined;
  /** What a game in which an agent failed counts for in the ratings (default keep). */
  readonly policy?: FailurePolicy | undefined;
  readonly workers: number;
  /** Without a worker count from the user: bot games start in this thread (runs/run-config.ts THREAD_FIRST). */
  readonly threadFirst?: ThreadFirst | undefined;
  readonly concurrency: number;
  readonly chunk?: number | undefined;
  readonly json: boolean;
  /** The terminal's width for the tables (default 80). */
  readonly width?: number | undefined;
}

/** Every flag checked and the schedule planned; nothing is opened. */
export function planTournament(a: TournamentArgs): Result<Schedule, string> {
  const mode = a.mode.trim().toLowerCase();
  if (!(MODES as readonly string[]).includes(mode)) return err(`--mode '${a.mode}': choose side (entrants play each other, whole sides), seat (one entrant among reference bots) or mixed (every entrant at one table, seats rotated)`);
  if (a.agents.length === 0) return err('no entrants: name them with --agents, e.g. --agents random --agents heuristic');
  const seed = parseSeed(a.seed);
  if (!seed.ok) return seed;
  const setup = resolveSetup({ preset: a.preset, players: a.players, roles: a.roles, rules: a.rules });
  if (!setup.ok) return setup;
  return planSchedule({ mode: mode as Mode, entrants: a.agents, reference: a.reference, selfPlay: a.selfPlay, setup: setup.value, seed: seed.value, games: a.games, adaptive: a.adaptive, policy: a.policy });
}

export interface TournamentIo {
  readonly onProgress?: TournamentOptions['onProgress'];
  readonly onRound?: TournamentOptions['onRound'];
  /**
   * A fixed tournament's live standing (the cutechess model): the entrants by the score
   * fitted on the games stored so far, with the games stored and the total; called after
   * a stored batch at most every `standingEvery` ms (default 5,000; 0: after every batch).
   */
  readonly onStanding?: (rows: readonly Ranked[], stored: number, total: number) => void;
  readonly standingEvery?: number;
  readonly shouldStop?: () => boolean;
  /** Starts the models' session once the tournament and its runs exist (tournaments that seat a model). */
  readonly models?: ((store: Store, open: OpenTournament) => ModelSession) | undefined;
  /** The entrants' agent processes, started (tournaments with an `exec:` entrant); their log goes beside the database. */
  readonly exec?: ExecHost | undefined;
  /** Lines and JSON about the process agents, for the summary (called after play). */
  readonly execSummary?: (() => { readonly lines: readonly string[]; readonly json: Record<string, unknown> }) | undefined;
}

export interface TournamentOutcome {
  readonly stdout: string;
  readonly open: OpenTournament;
  readonly play: PlayOutcome;
  /** Why play ended early, with its exit code (models: budget 3, provider 4; Ctrl-C 130). */
  readonly stop: { readonly message: string; readonly exit: number } | null;
  /** Nothing was kept (the models refused their first call): no text summary is printed (`stdout` holds the --json object alone). */
  readonly dropped: boolean;
}

/**
 * The progress callback of a fixed tournament that tells its standing: after a stored
 * batch, once `standingEvery` ms have passed since the last, the fit on the games stored
 * (read back from the file). A fit takes time on a large file, so the wait is at least
 * ten times what the last one took: the standing never costs play more than a tenth
 * (`standingEvery` 0: after every batch, whatever it costs).
 */
function standingOnProgress(store: Store, open: OpenTournament, io: TournamentIo): NonNullable<TournamentOptions['onProgress']> {
  const every = io.standingEvery ?? 5000;
  let last = performance.now();
  let wait = every;
  return (stored, total) => {
    io.onProgress?.(stored, total);
    if (stored === 0 || stored >= total || performance.now() - last < wait) return;
    const started = performance.now();
    const rows = liveStanding(tournamentData(store, open.tournament));
    if (rows !== null) io.onStanding!(rows, stored, total);
    last = performance.now();
    if (every > 0) wait = Math.max(every, 10 * (last - started));
  };
}

export async function runTournament(a: TournamentArgs, io: TournamentIo = {}): Promise<Result<TournamentOutcome, string>> {
  const planned = planTournament(a);
  if (!planned.ok) return planned;
  const s = planned.value;
  const models = s.pairings.some((p) => llmSpecsOf(p.seating).length > 0);
  if (models && io.models === undefined) return err('an entrant is a model: play it through sim tournament (its LLM flags: --max-cost, --llm-cache…)');
  if (io.exec === undefined && s.pairings.some((p) => execCommandsOf(p.seating).length > 0))
    return err('an entrant is a process agent (exec:): give the tournament its processes (ExecHost.start), as sim tournament does');
  const opened = Store.open(a.db, 'write');
  if (!opened.ok) return opened;
  const store = opened.value;
  let session: ModelSession | undefined;
  try {
    const open = openTournament(store, s, io.exec);
    if (io.exec !== undefined && io.exec.log.path === undefined) io.exec.log.open(execLogPath(a.db, { tournament: open.tournament.id }));
    try {
      session = models ? io.models!(store, open) : undefined;
    } catch (e) {
      discardTournament(store, open);
      throw e;
    }
    const stop = io.shouldStop ?? (() => false);
    const options: TournamentOptions = {
      workers: a.workers,
      threadFirst: a.threadFirst,
      concurrency: a.concurrency,
      chunk: a.chunk,
      shouldStop: session === undefined ? stop : () => stop() || session!.stopped(),
      onProgress: s.adaptive === null && io.onStanding !== undefined ? standingOnProgress(store, open, io) : io.onProgress,
      onRound: io.onRound,
      playAsync: session?.playAsync,
    };
    let adaptive: AdaptiveState | null = null;
    let play: PlayOutcome;
    if (s.adaptive === null) play = await playTournament(store, open, options);
    else {
      const r = await playAdaptive(store, open, s, s.adaptive, options);
      play = r.play;
      adaptive = r.state;
    }
    const end = session?.finish(play);
    if (end?.drop === true) {
      discardTournament(store, open);
      // Nothing kept: no tournament to name; --json still gives its object (the requests sent, the reason).
      const stdout = a.json
        ? JSON.stringify({ db: null, tournament: null, key: s.key, mode: s.mode, entrants: s.entrants, reference: s.reference, seed: s.seed, games: s.games, played: play.played, stored: 0, total: play.total, llm: end.json }) + '\n'
        : '';
      return ok({ stdout, open, play, stop: end.stop, dropped: true });
    }
    // The processes end first (their games are over): the summary counts every line they wrote.
    await io.exec?.close();
    const execEnd = io.execSummary?.();
    const data = tournamentData(store, open.tournament);
    // The header above says what the report's opening paragraph would: left out.
    const report = tournamentReport(data, { charts: false, adaptive: s.adaptive !== null, about: false });
    const tables = [...(adaptive === null || s.adaptive === null ? [] : adaptiveTables(s, adaptive, s.adaptive)), ...report.sections.flatMap((x) => x.tables)];
    const notes = report.sections.flatMap((x) => x.text);
    let stdout: string;
    if (a.json) {
      const fit = modelOf(data);
      const json = {
        db: a.db,
        tournament: open.tournament.id,
        ...scheduleFields(s),
        setup: describeSetup(s.setup),
        pairings: data.pairings.map((p) => ({ ...p.row, stored: p.stored, planned: p.planned })),
        played: play.played,
        seconds: play.seconds,
        stored: play.stored,
        total: play.total,
        unfinished: play.unfinished,
        stopped: play.stopped,
        model: fit.ok ? fit.value : { error: fit.error },
        adaptive: adaptive === null ? null : { ...s.adaptive, ...adaptive },
        tables: tables.map(toJsonObject),
        notes,
        llm: end?.json ?? null,
        exec: execEnd?.json ?? null,
      };
      stdout = JSON.stringify(json) + '\n';
    } else {
      const width = a.width ?? TERMINAL_WIDTH;
      const out = [...headerLines(s, open, play, a.db, adaptive, width), ...(end?.lines ?? []), ...(execEnd?.lines ?? [])];
      // Answers first: the ratings here; the behaviour metrics (a long table per agent × side × role) are one command away.
      const behaviour = report.sections.find((x) => x.title === 'Behaviour');
      for (const n of notes.filter((n) => !(behaviour?.text ?? []).includes(n))) out.push('', ...wrap(n, width));
      for (const t of tables.filter((t) => !(behaviour?.tables ?? []).includes(t))) out.push('', ...renderTable(t, width));
      if (behaviour !== undefined) out.push('', ...wrap(`How each entrant played (irp, claims, role KPIs, errors, with intervals): sim metrics --db ${a.db} --tournament ${open.tournament.id}`, width));
      out.push('', ...wrap(`Chart of the strengths, and every pairing's games: sim report --db ${a.db} --tournament ${open.tournament.id} --out report/`, width));
      if (play.stopped) out.push('', ...wrap('The tournament was stopped before every game was played: run the same command again to continue it.', width));
      stdout = out.join('\n') + '\n';
    }
    const stopInfo = end?.stop ?? null;
    return ok({ stdout, open, play, stop: stopInfo, dropped: false });
  } finally {
    session?.close();
    store.close();
  }
}

/** An adaptive tournament's ranking on the games its rounds read, and each entrant's two halves of its score. */
function adaptiveTables(s: Schedule, state: AdaptiveState, a: AdaptiveSettings): Table[] {
  const pairingsOf = (e: string) => s.pairings.flatMap((p, i) => (p.kind === 'sides' && (p.wolves === e || p.village === e) ? [i] : []));
  const rows = (state.ranking ?? []).map((r) => ({ ...r, games: pairingsOf(r.entrant).reduce((n, i) => n + state.games[i]!, 0), dollars: 0 }));
  return [adaptiveTable(rows, state, a), sidesTable(rows, 'adaptive-sides')];
}

function adaptiveTable(rows: readonly BoardRow[], state: AdaptiveState, a: AdaptiveSettings): Table {
  return rankingTable(rows, {
    precision: a.precision,
    id: 'adaptive-ranking',
    title: `The ranking the adaptive schedule settled on (${state.status})`,
    prior: null,
    notes: [
      `Fitted on the games the rounds read (${state.games.reduce((n, x) => n + x, 0)} over ${state.games.length} pairings); the tables below read every stored game of the pairings' runs. ` +
        `The "vs next" verdicts are at ${(100 * state.level).toFixed(2)}%, not 95%: the schedule looked at the ranking several times before it stopped, and pays for each look.`,
    ],
  });
}

function headerLines(s: Schedule, open: OpenTournament, p: PlayOutcome, db: string, adaptive: AdaptiveState | null, width: number): string[] {
  const t = open.tournament;
  const runs = open.pairings.map((l) => l.run.id);
  const speed = p.seconds > 0 && p.played > 0 ? `, ${Math.round(p.played / p.seconds).toLocaleString('en-US')} games/s` : '';
  const kinds =
    s.mode === 'side'
      ? `${s.pairings.length} pairings: every ordered pair of entrants${s.selfPlay ? ', and each against itself' : ''}`
      : s.mode === 'mixed'
        ? `${s.pairings.length} rotations of one table: every entrant at every seat of each deal once`
        : `${s.pairings.length} runs: the baseline (${s.reference} in every seat), and each entrant in each of the ${s.setup.players} seats`;
  const lines: [string, string][] = [
    ['entrants', s.entrants.join(', ')],
    ...(s.reference === null ? [] : ([['reference', `${s.reference} (every other seat)`]] as [string, string][])),
    ['setup', setupLabel({ players: s.setup.players, deck: mixLabel(s.setup), preset: s.setup.preset, rules: changedRules(s.setup).join(' ') })],
    ['schedule', kinds],
    [
      'games',
      s.adaptive === null || adaptive === null
        ? `${s.games} per ${s.mode === 'mixed' ? 'rotation' : 'pairing'}, seed ${s.seed}: game i of every ${s.mode === 'mixed' ? 'rotation' : 'pairing'} is dealt from ${s.seed}#i`
        : `adaptive: ${adaptive.status} after ${adaptive.rounds} rounds of ${s.adaptive.batch} games (first ${s.adaptive.batch} for every pairing), ${adaptive.games.reduce((n, x) => n + x, 0)} games in all, ` +
          `${Math.min(...adaptive.games)}–${Math.max(...adaptive.games)} per pairing (at most ${s.games}); ties within ±${s.adaptive.precision}; seed ${s.seed}: game i of every pairing is dealt from ${s.seed}#i`,
    ],
    ...(s.policy === 'keep' ? [] : ([['policy', `${s.policy}: ${POLICY_WORDS[s.policy]}`]] as [string, string][])),
    ['played', `${p.played} games now in ${p.seconds.toFixed(1)} s${speed}; ${p.stored} of ${p.total} stored${p.unfinished > 0 ? `; ${p.unfinished} unfinished (not stored)` : ''}`],
    ['stored in', `${db}: tournament ${t.id}, runs ${compactIds(runs)}`],
  ];
  const head = [`werewolf-lab tournament ${t.id} (${s.mode} mode)${open.created ? '' : ' — continued'}`];
  head.push(...labelled(lines, width));
  if (s.mode === 'mixed' && s.pairings[0]?.kind === 'table') head.push(...wrap(`seats of table 1: ${s.pairings[0].seats.map((e, k) => `${k + 1}=${e}`).join(' ')}; table r moves every entrant r seats on`, width, '  '));
  return head;
}

/** `1-4, 7, 9-12`. */
function compactIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
