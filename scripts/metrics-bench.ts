// What the behaviour metrics cost (issue 12: computing them may add at most 20% to `sim
// report` on 100,000 games). Figures only. For each row (004's 8-player table, random
// agents and heuristic self-play): a run of N games is stored (the counters are computed
// as the games are played, in the workers, and stored with them); then `sim report` reads
// it with and without pooling the metrics, in alternating rounds, and the median CPU time
// of each is printed with the ratio; then what computing them adds to playing a game
// (traced play and counting against plain play, this thread), and to playing and storing
// it as sim does (chunks of 2,000, their sums added to the run's in each chunk's
// transaction), and the size of their sums.
//
//   node dist/scripts/metrics-bench.js [--games 100000] [--rounds 5]     (npm run bench runs it)

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { playSync } from '../agents/play.js';
import { parseSeating, seatAgents } from '../agents/registry.js';
import { Game, gameSeed, resolveSetup } from '../engine/index.js';
import { GamePlayer, storedRunPlayer } from '../runs/games.js';
import { runKey, WHOLE_RUN, type RunConfig } from '../runs/run-config.js';
import { runGames } from '../runs/runner.js';
import { Store } from '../runs/storage.js';
import { versions } from '../runs/version.js';
import { runReport } from '../commands/report.js';

const { values } = parseArgs({ options: { games: { type: 'string' }, rounds: { type: 'string' } } });
const GAMES = values.games === undefined ? 100_000 : Number(values.games);
const ROUNDS = values.rounds === undefined ? 5 : Number(values.rounds);
if (!Number.isInteger(GAMES) || GAMES < 100) throw new Error(`--games must be a whole number of at least 100, not ${values.games}`);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`--rounds must be a whole number of at least 1, not ${values.rounds}`);

const ROWS = [
  { label: "004's 8 players, random agents", seating: ['random'] },
  { label: "004's 8 players, heuristic self-play", seating: ['heuristic'] },
];

/** CPU milliseconds of this process spent in `f`. */
async function cpuOf(f: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Games [0, n) of the run played and stored in chunks of 2,000 (sim's, in this thread), with or without the metrics. */
function storeGames(config: RunConfig, db: string, n: number, counts: boolean): void {
  const s = Store.open(db, 'write');
  if (!s.ok) throw new Error(s.error);
  const store = s.value;
  try {
    const run = store.createRun(config, runKey(config), versions());
    const player = storedRunPlayer(store, run.id, config);
    for (let first = 0; first < n; first += 2000) {
      const stop = Math.min(n, first + 2000);
      if (counts) {
        store.insertChunk(run.id, player.chunkSync([{ first, stop }]), config.setup.players);
        continue;
      }
      const b = player.builder(stop - first);
      for (let i = first; i < stop; i++) {
        const game = new Game(config.setup, gameSeed(config.seed, i));
        const seated = seatAgents(config.seating, game.state.seats.map((x) => x.dealt));
        b.add(i, playSync(game, seated.agents), seated.specs);
      }
      store.insertChunk(run.id, b.finish(), config.setup.players);
    }
  } finally {
    store.close();
  }
}

async function main(): Promise<void> {
  const setup = resolveSetup({ players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  const dir = mkdtempSync(join(tmpdir(), 'werewolf-metrics-bench-'));
  console.log(`behaviour metrics: what they add; node ${process.versions.node}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  try {
    for (const row of ROWS) {
      const seating = parseSeating(row.seating);
      if (!seating.ok) throw new Error(seating.error);
      const db = join(dir, `${row.seating.join('-')}.db`);
      const config: RunConfig = { setup: setup.value, seed: 'metrics-bench', seating: seating.value, games: GAMES, shard: WHOLE_RUN };
      const s = Store.open(db, 'write');
      if (!s.ok) throw new Error(s.error);
      try {
        await runGames(config, { workers: availableParallelism(), concurrency: 1, store: s.value });
        const bytes = s.value.runs().reduce((n, r) => n + s.value.metricSums(r.id).reduce((m, row) => m + row.counters.length + 16, 0), 0);
        console.log(`${row.label}: ${GAMES} games stored, ${(statSync(db).size / 1e6).toFixed(1)} MB (the counters' sums: about ${(bytes / 1e3).toFixed(0)} KB)`);
      } finally {
        s.value.close();
      }
      // sim report, with and without the metrics, alternating (the first of each warms up).
      const times = { with: [] as number[], without: [] as number[] };
      for (let r = 0; r <= ROUNDS; r++)
        for (const metrics of r % 2 === 0 ? [true, false] : [false, true]) {
          const ms = await cpuOf(async () => {
            const out = await runReport({ db, json: false, replays: [], metrics });
            if (!out.ok) throw new Error(out.error);
          });
          if (r > 0) times[metrics ? 'with' : 'without'].push(ms);
        }
      const w = median(times.with);
      const wo = median(times.without);
      console.log(`  sim report (CPU, median of ${ROUNDS}): ${wo.toFixed(0)} ms without the metrics, ${w.toFixed(0)} ms with them: +${(100 * (w / wo - 1)).toFixed(1)}%`);
      // What counting them adds to a game played (this thread).
      const n = Math.min(GAMES, 20_000);
      const plain = () => {
        for (let i = 0; i < n; i++) {
          const game = new Game(setup.value, gameSeed('metrics-bench', i));
          playSync(game, seatAgents(seating.value, game.state.seats.map((x) => x.dealt)).agents);
        }
      };
      // As sim plays a game: traced agents, the counts made by the player's reused counter.
      const player = new GamePlayer({ setup: setup.value, seed: 'metrics-bench', seating: seating.value, agents: [...new Set(row.seating)] });
      const counted = () => {
        for (let i = 0; i < n; i++) player.playSync(i);
      };
      const play = { plain: [] as number[], counted: [] as number[] };
      for (let r = 0; r <= ROUNDS; r++) {
        const a = await cpuOf(plain);
        const b = await cpuOf(counted);
        if (r > 0) {
          play.plain.push(a);
          play.counted.push(b);
        }
      }
      const pa = (median(play.plain) / n) * 1000;
      const pb = (median(play.counted) / n) * 1000;
      console.log(`  a game played (CPU, this thread): ${pa.toFixed(1)} µs plain, ${pb.toFixed(1)} µs traced and counted: +${(100 * (pb / pa - 1)).toFixed(1)}%`);
      // As sim stores a run: chunks of 2,000 games each in a transaction, plain (no counts,
      // no sums) against traced, counted, summed per unit and the sums rewritten per chunk.
      const stored = { plain: [] as number[], counted: [] as number[] };
      for (let r = 0; r <= ROUNDS; r++)
        for (const counts of r % 2 === 0 ? [false, true] : [true, false]) {
          const ms = await cpuOf(() => storeGames(config, join(dir, `store-${r}-${counts}.db`), n, counts));
          if (r > 0) stored[counts ? 'counted' : 'plain'].push(ms);
        }
      const sa = (median(stored.plain) / n) * 1000;
      const sb = (median(stored.counted) / n) * 1000;
      console.log(`  a game played and stored as sim does (CPU, this thread): ${sa.toFixed(1)} µs plain, ${sb.toFixed(1)} µs with the metrics: +${(100 * (sb / sa - 1)).toFixed(1)}%\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
