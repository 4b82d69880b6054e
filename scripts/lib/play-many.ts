// Plays a batch of games of one setup and seating in this thread, and tallies them:
// wins per side, wrong answers, fallbacks, time. Shared by the heuristic agent's check,
// strength and benchmark scripts (scripts/heuristic-*.ts, scripts/strength.ts). And the
// benchmarks' measure of what agents cost of their own: a game recorded answer by answer,
// then replayed from its answers without them (`agentsCost`); and which decisions make
// that cost (`decisionCosts`).

import { cpuUsage } from 'node:process';
import { playSync, type PlayedGame } from '../../agents/play.js';
import { parseSeating, seatAgents, type Seating } from '../../agents/registry.js';
import type { Agent } from '../../agents/types.js';
import type { Answer } from '../../engine/index.js';
import { Game } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import { SIDES, teamOf, type Side, type Team } from '../../engine/index.js';
import { resolveSetup, type GameSetup, type SetupRequest } from '../../engine/index.js';

export interface Tally {
  games: number;
  readonly wins: Record<Side, number>;
  /** Wrong answers (illegal, malformed, or the agent throwing), all seats together. */
  invalid: number;
  fallbacks: number;
  decisions: number;
  /** Wall-clock and CPU seconds spent playing. */
  seconds: number;
  cpuSeconds: number;
}

export function emptyTally(): Tally {
  const wins = {} as Record<Side, number>;
  for (const s of SIDES) wins[s] = 0;
  return { games: 0, wins, invalid: 0, fallbacks: 0, decisions: 0, seconds: 0, cpuSeconds: 0 };
}

export interface Table {
  readonly setup: GameSetup;
  readonly seating: Seating;
}

/** A setup and a seating from their command-line words, or the message saying what is wrong. */
export function table(req: SetupRequest, agents: readonly string[]): Result<Table, string> {
  const setup = resolveSetup(req);
  if (!setup.ok) return setup;
  const seating = parseSeating(agents);
  if (!seating.ok) return seating;
  if (seating.value.async) return err('these scripts play synchronous agents only');
  return ok({ setup: setup.value, seating: seating.value });
}

/** Game `i` of run `seed` at table `t`, dealt, and its seats' agents. */
function seated(t: Table, seed: string, i: number): { readonly game: Game; readonly agents: readonly Agent[] } {
  const game = new Game(t.setup, gameSeed(seed, i));
  return { game, agents: seatAgents(t.seating, game.state.seats.map((s) => s.dealt)).agents };
}

/** The wall clock in µs (a read costs ~0.1 µs here; a CPU-time read, a system call, ~2.5 µs and leaves the code after it slower). */
const wallMicros = (): number => performance.now() * 1000;

/** `a` with its answers passed through `decide` (the recording's and the timing's wrapper); told the game's end as `a` is. */
function wrapped(a: Agent, decide: Agent['decide']): Agent {
  return { name: a.name, decide, ...(a.gameOver === undefined ? {} : { gameOver: a.gameOver.bind(a) }) };
}

/** Plays game `i` of run `seed` at table `t`: the game (its log) and how it was played. */
export function playOne(t: Table, seed: string, i: number): { readonly game: Game; readonly played: PlayedGame } {
  const { game, agents } = seated(t, seed, i);
  return { game, played: playSync(game, agents) };
}

/** Plays games `first` … `first + count - 1` of run `seed`, adding to `into`. */
export function playMany(t: Table, seed: string, first: number, count: number, into: Tally = emptyTally()): Tally {
  const wall = performance.now();
  const cpu = cpuUsage();
  for (let i = first; i < first + count; i++) {
    const { played } = playOne(t, seed, i);
    into.games++;
    into.wins[played.outcome.winner]++;
    for (const k of played.invalid) into.invalid += k;
    for (const k of played.fallbacks) into.fallbacks += k;
    into.decisions += played.decisions;
  }
  const used = cpuUsage(cpu);
  into.seconds += (performance.now() - wall) / 1000;
  into.cpuSeconds += (used.user + used.system) / 1e6;
  return into;
}

/** A game as its agents played it, with every answer in the order the driver asked for it (all seats in one list, re-asks included). */
export interface RecordedGame {
  readonly game: Game;
  readonly answers: readonly Answer[];
  /** Decisions asked (each once, whatever its re-asks). */
  readonly decisions: number;
}

/** Plays game `i` of run `seed` at table `t`, recording every answer. */
export function recordOne(t: Table, seed: string, i: number): RecordedGame {
  const { game, agents } = seated(t, seed, i);
  const answers: Answer[] = [];
  const recording = agents.map((a) =>
    wrapped(a, (ctx) => {
      const answer = a.decide(ctx);
      if (answer instanceof Promise) throw new Error(`${a.name} answers asynchronously: only synchronous agents can be recorded`);
      // The answer itself, not a copy: an agent that changed an answer it gave would fail the replay.
      answers.push(answer);
      return answer;
    }),
  );
  const { decisions } = playSync(game, recording);
  return { game, answers, decisions };
}

/**
 * Game `i` of run `seed` at table `t` played again from `recorded`'s answers: the engine
 * and the driver without the agents' own work (reading, weighing, choosing). Throws when
 * the game asks for an answer past the record, leaves some unasked, or ends with a log
 * of another length or last event.
 */
export function replayOne(t: Table, seed: string, i: number, recorded: RecordedGame): Game {
  const { answers } = recorded;
  let at = 0;
  let short = 0;
  // Past the record's end the driver would take the agent's error for a wrong answer and
  // play the fallback: the shortfall is counted, and the game refused once it ends.
  const replaying: Agent = {
    name: 'replay',
    decide: () => {
      if (at < answers.length) return answers[at++]!;
      short++;
      throw new Error('no answer recorded');
    },
  };
  const game = new Game(t.setup, gameSeed(seed, i));
  playSync(game, new Array<Agent>(t.setup.players).fill(replaying));
  if (short > 0) throw new Error(`game ${i} asked for answers past its record (${short} asks unanswered)`);
  const log = recorded.game.log;
  if (at !== answers.length || game.log.length !== log.length || game.log.at(-1)?.type !== log.at(-1)?.type)
    throw new Error(`game ${i} replayed otherwise than it was played (${at} of ${answers.length} answers, ${game.log.length} events of ${log.length})`);
  return game;
}

/** What a table's agents cost of their own (`agentsCost`), in µs of this thread's time: the median round and the range of the rounds. */
export interface AgentsCost {
  readonly perDecision: { readonly median: number; readonly low: number; readonly high: number };
  readonly perGame: number;
  readonly decisionsPerGame: number;
  /** The same games replayed from their answers: the engine and the driver alone. */
  readonly replayPerGame: number;
}

/**
 * The time the agents of table `t` spend on their own work — reading what they see,
 * weighing it, choosing — measured as the time of their games less the time of the same
 * games replayed from their answers, each game played and then replayed at once (both
 * meet the same collector and the same warm code; one game's answers held at a time), in
 * `rounds` rounds of `games` games. The recording's own work (a call and a push a
 * decision, some nanoseconds) counts as the agents'. A share of another agent's speed
 * moves whenever the engine does; this does not.
 */
export function agentsCost(t: Table, seed: string, games: number, rounds: number): AgentsCost {
  const rows: { perDecision: number; perGame: number; decisions: number; replay: number }[] = [];
  // Wall time, game by game (wallMicros): both halves of a game meet the same load.
  for (let r = 0; r < rounds; r++) {
    let played = 0;
    let replayed = 0;
    let decisions = 0;
    for (let i = r * games; i < (r + 1) * games; i++) {
      const t0 = wallMicros();
      const recorded = recordOne(t, seed, i);
      const t1 = wallMicros();
      replayOne(t, seed, i, recorded);
      const t2 = wallMicros();
      played += t1 - t0;
      replayed += t2 - t1;
      decisions += recorded.decisions;
    }
    const own = played - replayed;
    rows.push({ perDecision: own / decisions, perGame: own / games, decisions: decisions / games, replay: replayed / games });
  }
  rows.sort((a, b) => a.perDecision - b.perDecision);
  const mid = rows[rows.length >> 1]!;
  return {
    perDecision: { median: mid.perDecision, low: rows[0]!.perDecision, high: rows[rows.length - 1]!.perDecision },
    perGame: mid.perGame,
    decisionsPerGame: mid.decisions,
    replayPerGame: mid.replay,
  };
}

/** One kind of decision's part of the agents' time at a table (`decisionCosts`). */
export interface DecisionCost {
  readonly kind: string;
  /** The team of the card the deciding seat was dealt. */
  readonly team: Team;
  readonly callsPerGame: number;
  /** µs a call: the agent's `decide`, its reading of the events since its last decision included. */
  readonly perCall: number;
  readonly perGame: number;
}

export interface DecisionCostOptions {
  /** A clock in µs (default the wall clock, `performance.now`). */
  readonly clock?: () => number;
  /** µs subtracted from each call for the two clock reads around it (default: measured on `clock`). */
  readonly reads?: number;
}

/**
 * Where the agents' time goes, decision kind by kind: each seat's `decide` timed on the
 * clock over games `0 … games - 1` of run `seed`, grouped by the decision's kind and the
 * team of the seat's card, the most costly first. A call's time includes the agent's
 * reading of what happened since its last decision; the clock reads around it are
 * measured and taken off. The agents' own work in all (`agentsCost`) is the figure to
 * compare builds by; this says which decisions make it.
 */
export function decisionCosts(t: Table, seed: string, games: number, o: DecisionCostOptions = {}): DecisionCost[] {
  const clock = o.clock ?? wallMicros;
  const reads = o.reads ?? clockReads(clock);
  const rows = new Map<string, { kind: string; team: Team; calls: number; micros: number }>();
  for (let i = 0; i < games; i++) {
    const { game, agents } = seated(t, seed, i);
    const teams = game.state.seats.map((s) => teamOf(s.dealt));
    const timed = agents.map((a, seat) =>
      wrapped(a, (ctx) => {
        const t0 = clock();
        const answer = a.decide(ctx);
        const micros = clock() - t0 - reads;
        const team = teams[seat]!;
        const key = `${ctx.decision.kind} ${team}`;
        let row = rows.get(key);
        if (row === undefined) rows.set(key, (row = { kind: ctx.decision.kind, team, calls: 0, micros: 0 }));
        row.calls++;
        row.micros += Math.max(0, micros);
        return answer;
      }),
    );
    playSync(game, timed);
  }
  return [...rows.values()]
    .map((r) => ({ kind: r.kind, team: r.team, callsPerGame: r.calls / games, perCall: r.micros / r.calls, perGame: r.micros / games }))
    .sort((a, b) => b.perGame - a.perGame || a.kind.localeCompare(b.kind) || a.team.localeCompare(b.team));
}

/** `decisionCosts` as lines of a benchmark's output: a heading saying what was timed, then a line per kind. */
export function decisionCostLines(agents: string, games: number, costs: readonly DecisionCost[]): string[] {
  let total = 0;
  for (const c of costs) total += c.perGame;
  const lines = [
    `the ${agents} agents' time by decision (each seat's decide on the clock, its reading of the events since its last decision included; ${games} games): ${total.toFixed(1)} µs a game`,
  ];
  for (const c of costs)
    lines.push(
      `  ${`${c.kind} (${c.team})`.padEnd(24)} ${c.perCall.toFixed(2).padStart(7)} µs a call ${c.callsPerGame.toFixed(1).padStart(6)} calls a game ${c.perGame.toFixed(1).padStart(8)} µs a game ${((100 * c.perGame) / total).toFixed(0).padStart(3)}%`,
    );
  return lines;
}

/** µs two reads of `clock` take, back to back (the median of 21 runs of 1,000). */
function clockReads(clock: () => number): number {
  const runs: number[] = [];
  for (let r = 0; r < 21; r++) {
    let sum = 0;
    for (let k = 0; k < 1000; k++) {
      const t0 = clock();
      sum += clock() - t0;
    }
    runs.push(sum / 1000);
  }
  return runs.sort((a, b) => a - b)[10]!;
}

/** Wilson score interval of k successes in n trials (95% for z = 1.96). */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** "52.3% [51.6–53.0]" */
export function rateText(k: number, n: number): string {
  const [lo, hi] = wilson(k, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(k / n)}% [${pct(lo)}–${pct(hi)}]`;
}
