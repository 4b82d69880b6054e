// A stored game replayed for its transcript and its replay page: the run's configuration
// and seed give the game again, move for move (nothing else is random), and the replay is
// checked against what was stored — a difference means the stored result came from other
// code. A game with models is replayed from the LLM record (runs/llm/show.ts), with each
// call's prompt and answer kept for the page.

import { mixLabel, type Event, type GameSetup, type Outcome } from '../engine/index.js';
import { gameSeed } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import type { LlmNote } from '../agents/llm/notes.js';
import type { KeptCall } from './llm/game.js';
import { llmSpecsOf } from '../agents/llm/kinds.js';
import { GamePlayer, type PlayedIndex } from './games.js';
import { llmGameName, llmRunName } from './llm/store.js';
import type { RecordGame, RecordReplay } from './llm/show.js';
import { runKey, seatingFromText, setupFromJson, type RunConfig } from './run-config.js';
import type { Seating } from '../agents/registry.js';
import type { GameRow, RunRow, Store } from './storage.js';
import { ExecHost } from '../agents/exec/host.js';
import { execCommandsOf } from '../agents/exec/kind.js';
import { P, transcript } from '../narrate/transcript.js';
import { visible } from '../narrate/escape.js';

/** A game as replayed: what a replay page or a game's JSON is made of. */
export interface ReplayedGame {
  readonly setup: GameSetup;
  readonly log: readonly Event[];
  /** The agent spec of each seat. */
  readonly specs: readonly string[];
  readonly outcome: Outcome;
  /** LLM seats' notes and calls (none for bots). */
  readonly notes: readonly LlmNote[];
  readonly calls: readonly KeptCall[];
}

export interface Replay {
  readonly title: string;
  /** The header's lines (preset, deck, rules, agents). */
  readonly lines: readonly string[];
  readonly transcript: string;
  /** The game replayed; null when it could not be (its LLM record is elsewhere). */
  readonly game: ReplayedGame | null;
  /** "matches the stored result: village won after 4 days", or what differs. */
  readonly verdict: string;
  readonly matches: boolean | null;
}

/** `3:17` → run 3, game 17. */
export function parseGameRef(text: string): Result<{ run: number; game: number }, string> {
  const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(text);
  if (m === null) return err(`--replay '${text}' is not RUN:GAME (e.g. --replay 1:0 for game 0 of run 1; sim runs lists the runs)`);
  return ok({ run: Number(m[1]), game: Number(m[2]) });
}

/**
 * Process agents are asked again in a replay: the run's commands are started for it (the
 * caller closes them after); undefined when the seating has none. A results file can name
 * any command, so they are started only when the user says so (`runAgents`, the CLI's
 * --run-agents): otherwise an error saying why.
 */
export async function processesOf(seating: Seating, o: { readonly runAgents: boolean }): Promise<Result<ExecHost, string> | undefined> {
  const commands = execCommandsOf(seating);
  if (commands.length === 0) return undefined;
  if (!o.runAgents) return err(agentsNotRun(commands.map((c) => c.text)));
  return await ExecHost.start(commands);
}

/** Why a replay did not start the programs a results file names. */
export function agentsNotRun(commands: readonly string[], doing = 'replaying it'): string {
  return (
    `its agents include programs (${commands.map((c) => visible(c)).join(', ')}): ${doing} would run them, and a results file can ` +
    'name any command, so they run only with --run-agents (give it if you trust this file)'
  );
}

export async function replayStored(store: Store, runId: number, index: number, o: { readonly runAgents: boolean }): Promise<Result<Replay, string>> {
  const run = store.run(runId);
  if (run === undefined) return err(`${store.path} has no run ${runId}; its runs are ${store.runs().map((r) => r.id).join(', ') || 'none'}`);
  if (index < run.first || index >= run.stop) return err(`run ${runId} holds games ${run.first} to ${run.stop - 1}; there is no game ${index}`);
  const configured = configOfRun(run, 'replayed');
  if (!configured.ok) return configured;
  const config = configured.value;
  const title = `Run ${runId} · game ${index} (game seed ${gameSeed(config.seed, index)})`;
  const host = await processesOf(config.seating, o);
  if (host !== undefined && !host.ok)
    return ok({ title, lines: [`agents: ${config.seating.text}`], transcript: `${title}\n(not replayed: ${host.error})\n`, game: null, verdict: `not replayed: ${host.error}`, matches: null });
  try {
    return await replayWith(store, { runId, index, run, config, title, exec: host?.value });
  } finally {
    await host?.value.close();
  }
}

async function replayWith(
  store: Store,
  r: { runId: number; index: number; run: RunRow; config: RunConfig; title: string; exec: ExecHost | undefined },
): Promise<Result<Replay, string>> {
  const { runId, index, run, config, title } = r;
  const player = new GamePlayer(config.setup, config.seed, config.seating, store.agents(runId), store.codes, { exec: r.exec });
  const lines = (specs: readonly string[]) => [
    `preset ${config.setup.preset} · ${config.setup.players} players · deck ${mixLabel(config.setup)}${run.rules === '' ? '' : ` · rules ${run.rules}`}`,
    `agents: ${specs.map((s, i) => `${P(i)} ${s}`).join(' · ')}`,
  ];
  let played: PlayedIndex;
  let text: string;
  let llmParts: Pick<ReplayedGame, 'notes' | 'calls'> = { notes: [], calls: [] };
  if (llmSpecsOf(config.seating).length > 0) {
    // Models are never asked again: the game is replayed from the LLM record in this file.
    const llm = await replayLlm(store, { config, index, gameKey: llmGameName(run.key, index), run: llmRunName(run) });
    if (!llm.ok)
      return ok({
        title,
        lines: lines(store.agents(runId)),
        transcript: `${title}\n(not replayed: ${llm.error})\n`,
        game: null,
        verdict: `not replayed: ${llm.error}`,
        matches: null,
      });
    played = { game: llm.value.game, played: llm.value.played, specs: llm.value.specs, tally: llm.value.tally };
    text = llm.value.text({ title, lines: lines(played.specs) });
    llmParts = { notes: llm.value.notes, calls: llm.value.calls };
  } else {
    played = config.seating.async ? await player.playAsync(index) : player.playSync(index);
    text = transcript(played.game.log, { title, lines: lines(played.specs) });
  }
  const o = played.played.outcome;
  const game: ReplayedGame = { setup: config.setup, log: played.game.log, specs: played.specs, outcome: o, ...llmParts };
  const head = { title, lines: lines(played.specs), transcript: text, game };
  const stored = store.game(runId, index);
  if (stored === undefined) return ok({ ...head, verdict: `not stored (replayed from the run's configuration): ${o.winner} won after ${o.days} days`, matches: null });
  const b = player.builder(1);
  b.add(index, played.played, played.specs);
  const mine = b.finish();
  const same = mine.games[1] === stored.winner && mine.games[2] === stored.days && mine.seats === stored.seats;
  const sides = store.names('sides');
  const verdict = same
    ? `replay matches the stored result: ${o.winner} won after ${o.days} days`
    : `REPLAY DIFFERS from the stored result (${sides.get(stored.winner) ?? '?'} after ${stored.days} days): the run was played by other code (${run.codeHash})`;
  return ok({ ...head, verdict, matches: same });
}

/** A game with LLM seats from the file's LLM record (loaded only then: it brings the SDKs). */
async function replayLlm(store: Store, g: Omit<RecordGame, 'record'>): Promise<Result<RecordReplay, string>> {
  if (!store.hasLlmRecord()) return err(`its LLM record is not in ${store.path} (the run kept it with --llm-cache FILE: sim show --db ${store.path} --game ${g.index} --llm-cache FILE shows it)`);
  const record = store.llmRecord('read');
  if (!record.ok) return record;
  const { replayFromRecord } = await import('./llm/show.js');
  const r = await replayFromRecord({ ...g, record: record.value, keepCalls: true });
  return r.ok ? r : err(`the LLM record in ${store.path} cannot finish it (${r.error})`);
}

/** A stored run's configuration, rebuilt and checked against its key (`what`: "replayed", "forked"…). */
export function configOfRun(run: RunRow, what: string): Result<RunConfig, string> {
  const setup = setupFromJson(run.setupJson, run.setup);
  if (!setup.ok) return err(`run ${run.id} cannot be ${what}: ${setup.error}`);
  const seating = seatingFromText(run.seating);
  if (!seating.ok) return err(`run ${run.id} cannot be ${what}: ${seating.error}`);
  const config: RunConfig = { setup: setup.value, seed: run.seed, seating: seating.value, games: run.games, shard: { k: run.shardK, n: run.shardN } };
  if (runKey(config) !== run.key) return err(`run ${run.id} cannot be ${what}: its stored configuration does not match its key (the file was edited?)`);
  return ok(config);
}

/** Whether a replayed game is the stored one: its winner, days, wrong answers, fallbacks and every seat as stored. */
export function sameAsStored(player: GamePlayer, index: number, played: Pick<PlayedIndex, 'played' | 'specs'>, row: GameRow): boolean {
  const b = player.builder(1);
  b.add(index, played.played, played.specs);
  const mine = b.finish();
  return mine.games[1] === row.winner && mine.games[2] === row.days && mine.games[3] === row.invalid && mine.games[4] === row.fallbacks && mine.seats === row.seats;
}
