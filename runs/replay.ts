// A stored game replayed for its transcript and its replay page: the run's configuration
// and seed give the game again, move for move (nothing else is random), and the replay is
// checked against what was stored — a difference means the stored result came from other
// code. A game with models is replayed from the LLM record (runs/llm/show.ts), with each
// call's prompt and answer kept for the page.

import { mixLabel, SIDES, type Event, type GameSetup, type Outcome } from '../engine/index.js';
import { codeHash } from './version.js';
import { gameSeed } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import type { LlmNote } from '../agents/llm/notes.js';
import type { KeptCall } from './llm/game.js';
import { llmSpecsOf } from '../agents/llm/kinds.js';
import { GamePlayer, storedRunPlayer, type PlayedIndex, type WrapAgents } from './games.js';
import { llmGameName, llmRunName } from './llm/store.js';
import type { RecordError } from './llm/show.js';
import type { LlmStore, SeatUsage } from './llm/store.js';
import { presetTitle, rulesText, runKey, seatingFromText, setupFromJson, type RunConfig } from './run-config.js';
import type { Seating } from '../agents/registry.js';
import type { GameRow, RunRow, Store } from './storage.js';
import { ExecHost } from '../agents/exec/host.js';
import { execCommandsOf } from '../agents/exec/kind.js';
import { P, transcript, type TranscriptHeader, type TranscriptOptions } from '../narrate/transcript.js';
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

/** A game replayed: the bots played again, or the models answered from their record. */
export interface ReplayedPlay extends PlayedIndex {
  /** LLM seats' notes, the counts recorded when the game was played, and (with `keepCalls`) every call; none for bots. */
  readonly notes: readonly LlmNote[];
  readonly usage: readonly SeatUsage[];
  readonly calls: readonly KeptCall[];
  /** The transcript, given its header (with the models' notes and counts where there are models). */
  text(header: TranscriptHeader, opts?: TranscriptOptions): string;
}

/**
 * Why a game could not be replayed: it seats models and no record of their answers was
 * found, or the record cannot finish it (recorded with another prompt version, an answer
 * missing, the models' context refused: llm/show.ts `RecordError`).
 */
export type ReplayError = { readonly kind: 'no-record' } | RecordError;

/** What a replay needs: game `index` of a configuration, its player, and for models their record. */
export interface ReplayRequest {
  readonly config: Pick<RunConfig, 'setup' | 'seed' | 'seating'>;
  readonly index: number;
  readonly player: GamePlayer;
  /** The LLM record (a game with models is replayed from it alone); null or absent: none. */
  readonly record?: LlmStore | null;
  /** The game's and its run's names in the record. */
  readonly gameKey: string;
  readonly run?: string | undefined;
  /** Keep every model call's prompt and answer (a replay page shows them). */
  readonly keepCalls?: boolean;
  /** Wrappers of the seated agents (a fork's, a study's, the show's decision numbers). */
  readonly wrap?: WrapAgents | undefined;
}

/**
 * The one place a game is replayed. Models are never asked again: a game with LLM seats is
 * replayed from their record (its module, which brings the SDKs, loaded only then). Bots
 * are played again from the game's seed.
 */
export async function replayIndex(r: ReplayRequest): Promise<Result<ReplayedPlay, ReplayError>> {
  if (llmSpecsOf(r.config.seating).length > 0) {
    if (r.record === undefined || r.record === null) return err({ kind: 'no-record' });
    const { replayFromRecord } = await import('./llm/show.js');
    // People beside the models (a table's game): their answers kept in the file, as the player has them.
    return await replayFromRecord({ config: r.config, index: r.index, record: r.record, gameKey: r.gameKey, run: r.run, keepCalls: r.keepCalls, wrap: r.wrap, human: r.player.human?.(r.index) });
  }
  const played = r.config.seating.async ? await r.player.playAsync(r.index, r.wrap) : r.player.playSync(r.index, r.wrap);
  return ok({ ...played, notes: [], usage: [], calls: [], text: (header, o) => transcript(played.game.log, header, undefined, o) });
}

/** A replay's title and header lines. */
export interface ReplayHeader extends TranscriptHeader {
  readonly lines: readonly string[];
}

/**
 * The one header of a replayed game, for its transcript and its page whichever command
 * made them: `source` says where the game comes from ("run 3 (werewolf.db) · seed x7", or
 * "seed x7" for a game played from flags), then the game and its seed; the lines give the
 * preset, table and deck, the rules changed, and the agent at each seat.
 */
export function replayHeader(o: { readonly source: string; readonly config: Pick<RunConfig, 'setup' | 'seed'>; readonly index: number; readonly specs: readonly string[] }): ReplayHeader {
  const { setup } = o.config;
  return {
    title: `${o.source} · game ${o.index} (game seed ${gameSeed(o.config.seed, o.index)})`,
    lines: [
      `preset ${presetTitle(setup)} · ${setup.players} players · deck ${mixLabel(setup)}`,
      `rules ${rulesText(setup)}`,
      `agents: ${o.specs.map((s, i) => `${P(i)} ${s}`).join(' · ')}`,
    ],
  };
}

/** Where a stored game comes from, as a replay's header says it. */
export function storedSource(run: Pick<RunRow, 'id' | 'seed'>, path: string): string {
  return `run ${run.id} (${path}) · seed ${run.seed}`;
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
  const header = (specs: readonly string[]) => replayHeader({ source: storedSource(run, store.path), config, index, specs });
  const host = await processesOf(config.seating, o);
  if (host !== undefined && !host.ok) return ok(notReplayed(header(store.agents(runId)), host.error));
  try {
    return await replayWith(store, { runId, index, run, config, header, exec: host?.value });
  } finally {
    await host?.value.close();
  }
}

async function replayWith(
  store: Store,
  r: { runId: number; index: number; run: RunRow; config: RunConfig; header: (specs: readonly string[]) => ReplayHeader; exec: ExecHost | undefined },
): Promise<Result<Replay, string>> {
  const { runId, index, run, config } = r;
  const player = storedRunPlayer(store, runId, config, r.exec);
  const replayed = await replayIndex({
    config,
    index,
    player,
    record: recordFor(store, config),
    gameKey: llmGameName(run.key, index),
    run: llmRunName(run),
    keepCalls: true,
  });
  if (!replayed.ok) {
    return ok(notReplayed(r.header(store.agents(runId)), replayErrorText(replayed.error, { path: store.path, index })));
  }
  const played = replayed.value;
  const o = played.played.outcome;
  const game: ReplayedGame = { setup: config.setup, log: played.game.log, specs: played.specs, outcome: o, notes: played.notes, calls: played.calls };
  const header = r.header(played.specs);
  const head = { ...header, transcript: played.text(header), game };
  const v = storedVerdict({ run, index, row: store.game(runId, index), storedCount: store.storedCount(runId), sides: store.names('sides'), player, played });
  return ok({ ...head, verdict: v.verdict, matches: v.matches });
}

/** A replay checked against its stored row: the verdict every replay page and `sim show` print. */
export interface StoredVerdict {
  readonly verdict: string;
  /** true: the stored game again; false: it differs; null: the game is not stored. */
  readonly matches: boolean | null;
}

/**
 * The one wording of a replay's check against the stored game: the same result, a
 * difference (and whose code played the run, the likeliest cause), or nothing stored.
 */
export function storedVerdict(o: {
  readonly run: RunRow;
  readonly index: number;
  readonly row: GameRow | undefined;
  /** Games of the run stored (for the "not stored" wording). */
  readonly storedCount: number;
  readonly sides: ReadonlyMap<number, string>;
  readonly player: GamePlayer;
  readonly played: Pick<PlayedIndex, 'played' | 'specs'>;
}): StoredVerdict {
  const { run, index, row } = o;
  const outcome = o.played.played.outcome;
  if (row === undefined)
    return {
      verdict: `game ${index} is not stored in run ${run.id} (it holds ${o.storedCount} of games ${run.first}–${run.stop - 1}); this is the replay from the run's configuration, with nothing to check it against`,
      matches: null,
    };
  const sideName = (code: number) => o.sides.get(code) ?? `code ${code}`;
  const { same, seatsMatch } = compareToStored(o.player, index, o.played, row);
  if (same) return { verdict: `replay matches the stored result: ${sideName(row.winner)} won after ${row.days} days`, matches: true };
  const now = codeHash();
  const verdict =
    `REPLAY DIFFERS from the stored game ${index} of run ${run.id}: stored ${sideName(row.winner)} after ${row.days} days, ` +
    `replayed ${SIDES.includes(outcome.winner) ? outcome.winner : '?'} after ${outcome.days} days` +
    `${seatsMatch ? '' : ' (and the seats differ)'}. ` +
    (run.codeHash === now
      ? "The code is the same as the run's: the file was edited, or this is a determinism bug (please report it with this command line)."
      : `The run was played by other code (${run.codeHash}${run.git === null ? '' : `, git ${run.git}`}; this is ${now}).`);
  return { verdict, matches: false };
}

/** A game that could not be replayed: its header, and why. */
function notReplayed(header: ReplayHeader, why: string): Replay {
  return { ...header, transcript: `${header.title}\n(not replayed: ${why})\n`, game: null, verdict: `not replayed: ${why}`, matches: null };
}

/** The file's LLM record to read, for a configuration with models; null where there is none to read (the replay then says so). */
export function recordFor(store: Store, config: Pick<RunConfig, 'seating'>): LlmStore | null {
  if (llmSpecsOf(config.seating).length === 0 || !store.hasLlmRecord()) return null;
  const r = store.llmRecord('read');
  return r.ok ? r.value : null;
}

/** A replay's failure in words, for a game of the file at `path`. */
export function replayErrorText(e: ReplayError, o: { readonly path: string; readonly index: number }): string {
  if (e.kind === 'no-record')
    return `its LLM record is not in ${o.path} (the run kept it with --llm-cache FILE: sim show --db ${o.path} --game ${o.index} --llm-cache FILE shows it)`;
  return `the LLM record in ${o.path} cannot finish it (${e.message})`;
}

/** A stored run's configuration, rebuilt and checked against its key (`what`: "replayed", "forked"…). */
export function configOfRun(run: RunRow, what: string): Result<RunConfig, string> {
  const setup = setupFromJson(run.setupJson, run.setup);
  if (!setup.ok) return err(`run ${run.id} cannot be ${what}: ${setup.error}`);
  const seating = seatingFromText(run.seating);
  if (!seating.ok) return err(`run ${run.id} cannot be ${what}: ${seating.error}`);
  const config: RunConfig = {
    setup: setup.value,
    seed: run.seed,
    seating: seating.value,
    games: run.games,
    shard: { k: run.shardK, n: run.shardN },
    policy: run.policy,
    ...(run.seatOrder === 'shuffled' ? { seatOrder: 'shuffled' } : {}),
  };
  if (runKey(config) !== run.key) return err(`run ${run.id} cannot be ${what}: its stored configuration does not match its key (the file was edited?)`);
  return ok(config);
}

/** How a replayed game compares with its stored row: the same in everything, and whether its seats alone match. */
export interface StoredComparison {
  readonly same: boolean;
  readonly seatsMatch: boolean;
}

/** Whether a replayed game is the stored one: its winner, days, wrong answers, fallbacks and every seat as stored. */
export function compareToStored(player: GamePlayer, index: number, played: Pick<PlayedIndex, 'played' | 'specs'>, row: GameRow): StoredComparison {
  const b = player.builder(1);
  b.add(index, played.played, played.specs);
  const mine = b.finish();
  const seatsMatch = mine.seats === row.seats;
  return { same: seatsMatch && mine.games[1] === row.winner && mine.games[2] === row.days && mine.games[3] === row.invalid && mine.games[4] === row.fallbacks, seatsMatch };
}
