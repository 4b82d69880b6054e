// What the public-facts observer (metrics/observer/) costs a game, figures only (issue 28:
// under 1 ms a game for the Harvest Festival with a Witch at 18 players). For each row, a
// batch of games is played once (random agents, then heuristic self-play) and kept; then
// the observer reads each game's public events and gives its posterior at every day vote,
// as the behaviour tally does (metrics/tally.ts), in rounds of at least 50 ms; the median CPU
// time per game is printed, with the range over rounds.
//
//   node dist/scripts/observer-bench.js [--games 300] [--rounds 5] [--rows harvest]

import { cpuUsage } from 'node:process';
import { playSync } from '../agents/play.js';
import { parseSeating, seatAgents } from '../agents/registry.js';
import { ALL, Game, gameSeed, resolveSetup, type Event, type SetupRequest } from '../engine/index.js';
import { IdealObserver } from '../metrics/observer/observer.js';
import { args, whole } from './lib/args.js';

const USAGE = 'usage: node dist/scripts/observer-bench.js [--games 300] [--rounds 5] [--rows harvest]';
const values = args(USAGE, { games: { type: 'string' }, rounds: { type: 'string' }, rows: { type: 'string' } });
const GAMES = whole('games', values.games, 300);
const ROUNDS = whole('rounds', values.rounds, 5);

interface Row {
  readonly label: string;
  readonly setup: SetupRequest;
}

const ROWS: Row[] = [
  { label: "004's 8 players", setup: { preset: 'standard', players: 8 } },
  {
    label: '004, 18 players, Harvest Festival + Witch',
    setup: { preset: 'standard', players: 18, roles: 'werewolf=4,seer,witch,villager=12', rules: ['harvestFestival=true'] },
  },
  {
    label: '001 classic, 12 players, Harvest Festival + New Moon',
    setup: { preset: 'classic', players: 12, rules: ['harvestFestival=true', 'newMoon=all'] },
  },
];

/** Reads one game as the tally does: every public event, the posterior at each day vote. Returns the votes read. */
function observe(observer: IdealObserver, log: readonly Event[]): number {
  observer.reset();
  let votes = 0;
  for (const e of log) {
    if (e.vis !== ALL) continue;
    observer.see(e);
    if (e.type === 'votes') {
      observer.posterior();
      votes++;
    }
  }
  return votes;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

console.log(`observer-bench: ${GAMES} games per row and seating, ${ROUNDS} rounds; CPU ms per game (median, range over rounds)`);
for (const row of ROWS) {
  if (values.rows !== undefined && !row.label.toLowerCase().includes(values.rows.toLowerCase())) continue;
  const setup = resolveSetup(row.setup);
  if (!setup.ok) throw new Error(setup.error);
  for (const agents of ['random', 'heuristic']) {
    const seating = parseSeating([agents]);
    if (!seating.ok) throw new Error(seating.error);
    const logs: Event[][] = [];
    for (let i = 0; i < GAMES; i++) {
      const game = new Game(setup.value, gameSeed('observer-bench', i));
      playSync(game, seatAgents(seating.value, game.state.seats.map((s) => s.dealt)).agents);
      logs.push(game.log as Event[]);
    }
    const observer = new IdealObserver(setup.value);
    let votes = 0;
    for (const log of logs) votes += observe(observer, log);
    const perGame: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Passes over the batch until 50 ms have gone by: a cheap row's batch alone is too short to time.
      const start = cpuMs();
      let read = 0;
      do {
        for (const log of logs) observe(observer, log);
        read += GAMES;
      } while (cpuMs() - start < 50);
      perGame.push((cpuMs() - start) / read);
    }
    const fmt = (x: number) => x.toFixed(x < 0.1 ? 4 : 3);
    console.log(
      `${row.label}, ${agents}: ${fmt(median(perGame))} ms a game (${fmt(Math.min(...perGame))}–${fmt(Math.max(...perGame))}); ` +
        `${(votes / GAMES).toFixed(1)} votes a game`,
    );
  }
}
