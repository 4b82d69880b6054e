// A tournament played into the results database: its row (found by key, so the same
// command continues it), one run per pairing (found by run key, so a pairing already
// played — by this tournament, another one, or a plain `sim` run of the same seating,
// seed and games — is not played again), then the missing games of every pairing:
// - bot pairings on one worker pool (the sweep's worker: a task names its pairing), their
//   chunks interleaved across pairings so that a stopped tournament is even across them;
// - pairings that seat a model or a process agent in this thread, `concurrency` games in
//   flight over all of them, each game stored as soon as it ends (LLM games are slow and dear).
// A game depends on its pairing's seating, the seed and its index only: the stored games
// are the same for any number of workers, any interruption and any order of play.

import { Piscina } from 'piscina';
import { chunksOf, inFlight } from '../runs/execute.js';
import { GamePlayer, type GamesSpec, type PlayedIndex } from '../runs/games.js';
import type { ChunkResult } from '../runs/record.js';
import { runKey, specList, WHOLE_RUN, type IndexRange, type RunConfig } from '../runs/run-config.js';
import type { Pairing, Schedule } from './schedule.js';
import type { RunRow, Store } from '../runs/storage.js';
import { sweepWorkerFile } from './sweep.js';
import type { SweepTask } from './sweep-worker.js';
import { createTournament, deleteTournament, findTournament, linkPairing, type TournamentRow } from './tournament-store.js';
import { codeHash, versions } from '../runs/version.js';
import { describeSetup } from '../engine/index.js';
import type { ExecHost } from '../agents/exec/host.js';

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
  /** Games in flight over the pairings that seat a model. */
  readonly concurrency: number;
  /** Games per task of the pool (default: from the size of the tournament). */
  readonly chunk?: number | undefined;
  readonly shouldStop?: () => boolean;
  /** Games stored of the whole tournament, and its total; called before play and after every chunk. */
  readonly onProgress?: (stored: number, total: number) => void;
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

/** The tournament's row and each pairing's run: found (same key, same code) or made. `exec`: the process agents of its entrants. */
export function openTournament(store: Store, s: Schedule, exec?: ExecHost): OpenTournament {
  const code = codeHash();
  const found = findTournament(store, s.key, code);
  const createdRuns: number[] = [];
  return store.db.transaction(() => {
    const t = found ?? createTournament(store, s, describeSetup(s.setup), code);
    const live = s.pairings.map((pairing, index): LivePairing => {
      const config: RunConfig = { setup: s.setup, seed: s.seed, seating: pairing.seating, games: s.games, shard: WHOLE_RUN };
      const key = runKey(config);
      const existing = store.findRun(key, 1, 1);
      let run: RunRow;
      if (existing !== undefined && existing.codeHash === code) run = existing;
      else {
        run = store.createRun(config, key, versions());
        createdRuns.push(run.id);
      }
      const agents = specList(pairing.seating);
      const stored = store.agents(run.id);
      if (stored.join('\n') !== agents.join('\n')) throw new Error(`run ${run.id}: stored agents ${stored.join(', ')} differ from the seating's ${agents.join(', ')}`);
      linkPairing(store, t.id, index, pairing, run.id);
      const spec: GamesSpec = { setup: s.setup, seed: s.seed, seating: pairing.seating.text, agents, codes: store.codes };
      return { index, pairing, run, spec, player: new GamePlayer(s.setup, s.seed, pairing.seating, agents, store.codes, { exec }) };
    });
    return { tournament: t, pairings: live, created: found === undefined, createdRuns };
  })();
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

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function playTournament(store: Store, open: OpenTournament, o: TournamentOptions): Promise<PlayOutcome> {
  const started = performance.now();
  const stop = o.shouldStop ?? (() => false);
  const live = open.pairings;
  const total = live.reduce((n, l) => n + l.run.stop - l.run.first, 0);
  let stored = live.reduce((n, l) => n + store.storedCount(l.run.id), 0);
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
  const bots = live.filter((l) => !l.pairing.seating.async);
  const missing = bots.map((l) => store.missing(l.run));
  const left = missing.reduce((n, m) => n + m.reduce((k, r) => k + r.stop - r.first, 0), 0);
  const size = o.chunk ?? Math.max(1, Math.min(250, Math.ceil(left / (Math.max(1, o.workers) * 8))));
  const tasks = interleave(bots.map((_, i) => chunksOf(missing[i]!, size).map((ranges): SweepTask => ({ cell: i, ranges }))));
  if (tasks.length > 0) {
    if (o.workers === 0) {
      for (const t of tasks) {
        if (stop()) {
          stopped = true;
          break;
        }
        onChunk(bots[t.cell]!, bots[t.cell]!.player.chunkSync(t.ranges));
        await tick(); // lets signals (Ctrl-C) and progress redraws through
      }
    } else {
      const w = Math.min(o.workers, tasks.length);
      const pool = new Piscina<SweepTask, ChunkResult>({ filename: sweepWorkerFile(), minThreads: w, maxThreads: w, workerData: bots.map((l) => l.spec), idleTimeout: 1000 });
      try {
        let next = 0;
        const r = await inFlight(
          2 * w, // one chunk computing and one queued per worker
          () => {
            if (next >= tasks.length) return undefined;
            const t = tasks[next++]!;
            return pool.run(t).then((chunk) => ({ t, chunk }));
          },
          ({ t, chunk }) => onChunk(bots[t.cell]!, chunk),
          stop,
        );
        if (!r.exhausted) stopped = true;
      } finally {
        await pool.destroy();
      }
    }
  }

  // Pairings that seat a model: games of every pairing, interleaved, `concurrency` in flight.
  const models = live.filter((l) => l.pairing.seating.async);
  if (models.length > 0 && !stopped) {
    const games = interleave(models.map((l) => indicesOf(store.missing(l.run)).map((index) => ({ l, index }))));
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
        b.add(index, p.played, p.specs);
        onChunk(l, b.finish());
      },
      stop,
    );
    if (!r.exhausted) stopped = true;
  }
  return { played, unfinished, seconds: (performance.now() - started) / 1000, stored, total, stopped: stopped || stored < total };
}

/**
 * Undoes what `openTournament` made when nothing was played: the tournament row (if this
 * invocation made it) and the runs it made that hold no game. For a tournament whose
 * models refused their first call, or whose LLM session could not start.
 */
export function discardTournament(store: Store, open: OpenTournament): void {
  store.db.transaction(() => {
    if (open.created) deleteTournament(store, open.tournament.id);
    for (const id of open.createdRuns) if (store.storedCount(id) === 0) store.deleteRun(id);
  })();
}
