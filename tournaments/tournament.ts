// A tournament played into the results database: its row (found by key, so the same
// command continues it), one run per pairing (found by run key, so a pairing already
// played — by this tournament, another one, or a plain `sim` run of the same seating,
// seed and games — is not played again), then the missing games of every pairing:
// - bot pairings as chunk tasks (runs/execute.ts TaskPlayer: in this thread, or on one worker
//   pool, the sweep's worker, a task naming its pairing), their chunks interleaved across
//   pairings so that a stopped tournament is even across them;
// - pairings that seat a model in this thread, `concurrency` games in flight over all of
//   them, each game stored as soon as it ends (LLM games are slow and dear).
// A game depends on its pairing's seating, the seed and its index only: the stored games
// are the same for any number of workers, any interruption and any order of play.

import { chunksOf, inFlight, TaskPlayer } from '../runs/execute.js';
import { GamePlayer, type GamesSpec, type PlayedIndex } from '../runs/games.js';
import type { ChunkResult } from '../runs/record.js';
import { runKey, specList, WHOLE_RUN, type IndexRange, type RunConfig, type ThreadFirst } from '../runs/run-config.js';
import type { Pairing, Schedule } from './schedule.js';
import { Store, type RunRow } from '../runs/storage.js';
import type { ChunkTask } from '../runs/worker.js';
import { createTournament, deleteTournament, findTournament, linkPairing, type TournamentRow } from './tournament-store.js';
import { codeHash, versions } from '../runs/version.js';
import { describeSetup, ok, type GameSetup, type Result } from '../engine/index.js';
import type { ExecHost } from '../agents/exec/host.js';
import { badStoredValue } from '../runs/stored-value.js';

export interface LivePairing {
  /** Position in the schedule. */
  readonly index: number;
  readonly pairing: Pairing;
  readonly run: RunRow;
  readonly spec: GamesSpec;
  readonly player: GamePlayer;
}

export interface OpenTournament {
  readonly tournament: TournamentRow;
  readonly pairings: readonly LivePairing[];
  /** This invocation made the tournament row (not a continuation). */
  readonly created: boolean;
  /** Runs this invocation made. */
  readonly createdRuns: readonly number[];
}

export interface TournamentOptions {
  readonly workers: number;
  /** Bot pairings' games start in this thread and move to the workers if they would take it long (the user named no worker count: run-config.ts THREAD_FIRST). */
  readonly threadFirst?: ThreadFirst | undefined;
  /** Games in flight over the pairings that seat a model. */
  readonly concurrency: number;
  /** Games per task of the pool (default: from the size of the tournament). */
  readonly chunk?: number | undefined;
  readonly shouldStop?: () => boolean;
  /** Games stored of the whole tournament, and its total; called before play and after every chunk. */
  readonly onProgress?: (stored: number, total: number) => void;
  /** An adaptive tournament's standing after each round: the round, and the neighbours in its ranking not yet told apart (live standings). */
  readonly onRound?: (round: number, open: number, ranked: number) => void;
  /** Plays a game of a pairing that seats a model (the LLM runner); undefined: abandoned, not stored. */
  readonly playAsync?: ((p: LivePairing, index: number) => Promise<PlayedIndex | undefined>) | undefined;
}

export interface PlayOutcome {
  readonly played: number;
  /** Games of model pairings started but abandoned (a stop, an incomplete record): not stored. */
  readonly unfinished: number;
  readonly seconds: number;
  /** Games stored over the tournament, and its total (pairings × games). */
  readonly stored: number;
  readonly total: number;
  readonly stopped: boolean;
}

/** What the LLM layer (the CLI's, loaded only for models) adds to the play of pairings: a tournament's or a sequential test's. */
export interface ModelSession {
  readonly playAsync: NonNullable<TournamentOptions['playAsync']>;
  /** True once the models take no new call (budget, a provider's refusal, Ctrl-C). */
  stopped(): boolean;
  /** Lines for the text summary, the summary's `llm` object, and why play ended early (null when it did not). */
  finish(outcome: PlayOutcome): {
    readonly lines: readonly string[];
    readonly json: Record<string, unknown>;
    readonly stop: { readonly message: string; readonly exit: number } | null;
    /** Refused at the first call with nothing recorded or stored: the tournament is not kept. */
    readonly drop: boolean;
  };
  close(): void;
}

/** Records that the pairings' runs ended by design at the games they hold (those that hold fewer than planned). */
export function endRuns(store: Store, pairings: readonly LivePairing[], why: string): void {
  for (const l of pairings) {
    const stored = store.storedCount(l.run.id);
    if (stored < l.run.stop - l.run.first) store.endRun(l.run.id, stored, why);
  }
}

/** The run of a seating (the whole run of `games` games): found by key under this code, or made now. */
export function pairingRun(store: Store, config: Omit<RunConfig, 'shard'>, code: string): { readonly run: RunRow; readonly created: boolean } {
  const whole: RunConfig = { ...config, shard: WHOLE_RUN };
  const key = runKey(whole);
  const existing = store.findRun(key, 1, 1);
  if (existing !== undefined && existing.codeHash === code) return { run: existing, created: false };
  return { run: store.createRun(whole, key, versions()), created: true };
}

/** A pairing ready to play: its run, and what a worker needs to play its games. `exec`: the process agents of its seating, started. */
export function livePairing(
  store: Store,
  o: { readonly index: number; readonly pairing: Pairing; readonly run: RunRow; readonly setup: GameSetup; readonly seed: string; readonly exec?: ExecHost | undefined },
): LivePairing {
  const agents = specList(o.pairing.seating);
  const stored = store.agents(o.run.id);
  if (stored.join('\n') !== agents.join('\n')) badStoredValue(`run ${o.run.id}: stored agents ${stored.join(', ')} differ from the seating's ${agents.join(', ')}`);
  const spec: GamesSpec = { setup: o.setup, seed: o.seed, seating: o.pairing.seating.text, agents, codes: store.codes };
  return { index: o.index, pairing: o.pairing, run: o.run, spec, player: new GamePlayer({ setup: o.setup, seed: o.seed, seating: o.pairing.seating, agents, codes: store.codes, exec: o.exec }) };
}

/** The tournament's row and each pairing's run: found (same key, same code) or made. `exec`: the process agents of its entrants. */
export function openTournament(store: Store, s: Schedule, exec?: ExecHost): OpenTournament {
  const code = codeHash();
  const found = findTournament(store, s.key, code);
  const createdRuns: number[] = [];
  return store.transaction(() => {
    const t = found ?? createTournament(store, s, describeSetup(s.setup), code);
    const live = s.pairings.map((pairing, index): LivePairing => {
      const { run, created } = pairingRun(store, { setup: s.setup, seed: s.seed, seating: pairing.seating, games: s.games }, code);
      if (created) createdRuns.push(run.id);
      linkPairing(store, t.id, index, pairing, run.id);
      return livePairing(store, { index, pairing, run, setup: s.setup, seed: s.seed, exec });
    });
    return { tournament: t, pairings: live, created: found === undefined, createdRuns };
  });
}

/** Round-robin over lists: the first of each, then the second of each, … */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

function indicesOf(ranges: readonly IndexRange[]): number[] {
  const out: number[] = [];
  for (const r of ranges) for (let i = r.first; i < r.stop; i++) out.push(i);
  return out;
}

/** The missing indices of a run below `stop`. */
function missingBelow(store: Store, run: RunRow, stop: number): IndexRange[] {
  return store.missing(run).flatMap((r) => (r.first >= stop ? [] : [{ first: r.first, stop: Math.min(r.stop, stop) }]));
}

function storedBelow(store: Store, run: RunRow, stop: number): number {
  return store.storedBelow(run.id, stop);
}

/**
 * Plays pairings' games in steps: each `play` call plays the missing games below a stop
 * per pairing (a tournament: the whole run; a sequential test or an adaptive tournament:
 * the next batch), bot pairings on one worker pool kept for every step, pairings that seat
 * a model in this thread. `close` ends the pool.
 */
export class PairingPlayer {
  private readonly tasks: TaskPlayer;
  private readonly bots: readonly LivePairing[];
  private readonly models: readonly LivePairing[];

  constructor(
    private readonly store: Store,
    pairings: readonly LivePairing[],
    private readonly o: TournamentOptions,
  ) {
    // Two pairings may be one run (a pilot's baseline that is also its opponent plays the same seating on both sides).
    const runs = pairings.filter((l, i) => pairings.findIndex((m) => m.run.id === l.run.id) === i);
    this.bots = runs.filter((l) => !l.pairing.seating.async);
    this.models = runs.filter((l) => l.pairing.seating.async);
    const bots = this.bots;
    this.tasks = new TaskPlayer({ specs: bots.map((l) => l.spec), workers: o.workers, threadFirst: o.threadFirst, here: (t) => bots[t.cell]!.player.chunkSync(t.ranges) });
  }

  /** Plays every pairing's missing games below `stopOf(pairing)`. */
  async play(stopOf: (l: LivePairing) => number): Promise<PlayOutcome> {
    const { store, o } = this;
    const started = performance.now();
    const stop = o.shouldStop ?? (() => false);
    const live = [...this.bots, ...this.models];
    const total = live.reduce((n, l) => n + Math.max(0, Math.min(stopOf(l), l.run.stop) - l.run.first), 0);
    let stored = live.reduce((n, l) => n + storedBelow(store, l.run, stopOf(l)), 0);
    let played = 0;
    let unfinished = 0;
    let stopped = false;
    o.onProgress?.(stored, total);
    const onChunk = (l: LivePairing, chunk: ChunkResult) => {
      store.insertChunk(l.run.id, chunk, l.spec.setup.players);
      played += chunk.count;
      stored += chunk.count;
      o.onProgress?.(stored, total);
    };

    // Bot pairings: chunks of every pairing, interleaved, on one pool.
    const bots = this.bots;
    const missing = bots.map((l) => missingBelow(store, l.run, stopOf(l)));
    const left = missing.reduce((n, m) => n + m.reduce((k, r) => k + r.stop - r.first, 0), 0);
    const size = o.chunk ?? Math.max(1, Math.min(250, Math.ceil(left / (Math.max(1, o.workers) * 8))));
    const tasks = interleave(bots.map((_, i) => chunksOf(missing[i]!, size).map((ranges): ChunkTask => ({ cell: i, ranges }))));
    if (tasks.length > 0) {
      const r = await this.tasks.play(tasks, (t, chunk) => onChunk(bots[t.cell]!, chunk), stop);
      if (!r.exhausted) stopped = true;
    }

    // Pairings that seat a model: games of every pairing, interleaved, `concurrency` in flight.
    if (this.models.length > 0 && !stopped) {
      const games = interleave(this.models.map((l) => indicesOf(missingBelow(store, l.run, stopOf(l))).map((index) => ({ l, index }))));
      const playOne = o.playAsync ?? ((l: LivePairing, index: number) => l.player.playAsync(index));
      let next = 0;
      const r = await inFlight(
        Math.max(1, o.concurrency),
        () => {
          if (next >= games.length) return undefined;
          const g = games[next++]!;
          return playOne(g.l, g.index).then((p) => ({ ...g, p }));
        },
        ({ l, index, p }) => {
          if (p === undefined) {
            unfinished++;
            return;
          }
          const b = l.player.builder(1);
          b.add(index, p.played, p.specs, p.tally);
          onChunk(l, b.finish());
        },
        stop,
      );
      if (!r.exhausted) stopped = true;
    }
    return { played, unfinished, seconds: (performance.now() - started) / 1000, stored, total, stopped: stopped || stored < total };
  }

  async close(): Promise<void> {
    await this.tasks.close();
  }
}

export async function playTournament(store: Store, open: OpenTournament, o: TournamentOptions): Promise<PlayOutcome> {
  const player = new PairingPlayer(store, open.pairings, o);
  try {
    return await player.play((l) => l.run.stop);
  } finally {
    await player.close();
  }
}

/**
 * Undoes what `openTournament` made when nothing was played: the tournament row (if this
 * invocation made it) and the runs it made that hold no game. For a tournament whose
 * models refused their first call, or whose LLM session could not start.
 */
export function discardTournament(store: Store, open: OpenTournament): void {
  store.transaction(() => {
    if (open.created) deleteTournament(store, open.tournament.id);
    for (const id of open.createdRuns) if (store.storedCount(id) === 0) store.deleteRun(id);
  });
}

/** Where a play of pairings runs its bot games (TournamentOptions). */
export interface PairingsExec {
  readonly workers: number;
  readonly threadFirst?: ThreadFirst | undefined;
  readonly concurrency: number;
  readonly chunk?: number | undefined;
}

/** Runs opened for some play of pairings (a sequential test, a pilot): found or made. */
export interface OpenPairings {
  readonly pairings: readonly LivePairing[];
  /** Runs this invocation made. */
  readonly createdRuns: readonly number[];
}

export interface PairingsIo<O> {
  readonly shouldStop?: () => boolean;
  readonly onProgress?: TournamentOptions['onProgress'];
  /** Starts the models' session once the runs exist (plays that seat a model). */
  readonly models?: ((store: Store, open: O) => ModelSession) | undefined;
}

export interface PairingsOutcome<O, R> {
  readonly open: O;
  readonly play: PlayOutcome;
  /** What `read` found in the database after play; null when nothing was kept. */
  readonly result: R | null;
  /** The LLM session's summary lines and JSON (plays with a model). */
  readonly llm: { readonly lines: readonly string[]; readonly json: Record<string, unknown> } | null;
  /** Why play ended early, with its exit code (models: budget 3, provider 4; Ctrl-C 130). */
  readonly stop: { readonly message: string; readonly exit: number } | null;
  /** Nothing was kept (the models refused their first call): the runs made for it are removed. */
  readonly dropped: boolean;
}

/**
 * Opens the results file and the runs, starts the models' session if a pairing seats a
 * model, plays, lets the session sum up, and reads the result — the frame that a
 * sequential test and a pilot share (a tournament has its own, with its row).
 */
export async function playPairings<O extends OpenPairings, R>(o: {
  readonly db: string;
  readonly async: boolean;
  readonly open: (store: Store) => O;
  readonly play: (store: Store, open: O, options: TournamentOptions) => Promise<PlayOutcome>;
  readonly read: (store: Store, open: O) => R;
  readonly exec: PairingsExec;
  readonly io: PairingsIo<O>;
}): Promise<Result<PairingsOutcome<O, R>, string>> {
  if (o.async && o.io.models === undefined) throw new Error('playPairings: a pairing seats a model, and no models session was given');
  const opened = Store.open(o.db, 'write');
  if (!opened.ok) return opened;
  const store = opened.value;
  let session: ModelSession | undefined;
  const discard = (open: O) =>
    store.transaction(() => {
      for (const id of open.createdRuns) if (store.storedCount(id) === 0) store.deleteRun(id);
    });
  try {
    const open = o.open(store);
    try {
      session = o.async ? o.io.models!(store, open) : undefined;
    } catch (e) {
      discard(open);
      throw e;
    }
    const stop = o.io.shouldStop ?? (() => false);
    const play = await o.play(store, open, {
      workers: o.exec.workers,
      threadFirst: o.exec.threadFirst,
      concurrency: o.exec.concurrency,
      chunk: o.exec.chunk,
      shouldStop: session === undefined ? stop : () => stop() || session!.stopped(),
      onProgress: o.io.onProgress,
      playAsync: session?.playAsync,
    });
    const end = session?.finish(play);
    if (end?.drop === true) {
      discard(open);
      return ok({ open, play, result: null, llm: null, stop: end.stop, dropped: true });
    }
    return ok({ open, play, result: o.read(store, open), llm: end === undefined ? null : { lines: end.lines, json: end.json }, stop: end?.stop ?? null, dropped: false });
  } finally {
    session?.close();
    store.close();
  }
}
