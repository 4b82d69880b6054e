// A stored game replayed for its transcript: the run's configuration and seed give the
// game again, move for move (nothing else is random), and the replay is checked against
// what was stored — a difference means the stored result came from other code.

import { mixLabel } from '../engine/setup.js';
import { gameSeed } from '../engine/rng.js';
import { err, ok, type Result } from '../engine/result.js';
import { GamePlayer } from '../tournaments/games.js';
import { runKey, seatingFromText, setupFromJson, type RunConfig } from '../tournaments/run-config.js';
import type { Store } from '../tournaments/storage.js';
import { P, transcript } from './transcript.js';

export interface Replay {
  readonly title: string;
  readonly transcript: string;
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

export async function replayStored(store: Store, runId: number, index: number): Promise<Result<Replay, string>> {
  const run = store.run(runId);
  if (run === undefined) return err(`${store.path} has no run ${runId}; its runs are ${store.runs().map((r) => r.id).join(', ') || 'none'}`);
  if (index < run.first || index >= run.stop) return err(`run ${runId} holds games ${run.first} to ${run.stop - 1}; there is no game ${index}`);
  const setup = setupFromJson(run.setupJson, run.setup);
  if (!setup.ok) return err(`run ${runId} cannot be replayed: ${setup.error}`);
  const seating = seatingFromText(run.seating);
  if (!seating.ok) return err(`run ${runId} cannot be replayed: ${seating.error}`);
  const config: RunConfig = { setup: setup.value, seed: run.seed, seating: seating.value, games: run.games, shard: { k: run.shardK, n: run.shardN } };
  if (runKey(config) !== run.key) return err(`run ${runId} cannot be replayed: its stored configuration does not match its key`);
  const player = new GamePlayer(config.setup, config.seed, config.seating, store.agents(runId), store.codes);
  const played = config.seating.async ? await player.playAsync(index) : player.playSync(index);
  const title = `Run ${runId} · game ${index} (game seed ${gameSeed(config.seed, index)})`;
  const text = transcript(played.game.log, {
    title,
    lines: [
      `preset ${config.setup.preset} · ${config.setup.players} players · deck ${mixLabel(config.setup)}${run.rules === '' ? '' : ` · rules ${run.rules}`}`,
      `agents: ${played.specs.map((s, i) => `${P(i)} ${s}`).join(' · ')}`,
    ],
  });
  const stored = store.game(runId, index);
  const o = played.played.outcome;
  if (stored === undefined) return ok({ title, transcript: text, verdict: `not stored (replayed from the run's configuration): ${o.winner} won after ${o.days} days`, matches: null });
  const b = player.builder(1);
  b.add(index, played.played, played.specs);
  const mine = b.finish();
  const same = mine.games[1] === stored.winner && mine.games[2] === stored.days && mine.seats === stored.seats;
  const sides = store.names('sides');
  const verdict = same
    ? `replay matches the stored result: ${o.winner} won after ${o.days} days`
    : `REPLAY DIFFERS from the stored result (${sides.get(stored.winner) ?? '?'} after ${stored.days} days): the run was played by other code (${run.codeHash})`;
  return ok({ title, transcript: text, verdict, matches: same });
}
