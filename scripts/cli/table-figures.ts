// What a series at the table says about its players (issue 27): each entrant's share of
// games won, with its 95% interval. A person plays one seat, so their games are
// independent and the interval is Wilson's over games. An entrant at several seats of a
// game (the bots) wins or loses them together — teammates share a result — so its
// interval takes the game, not the seat, as the unit (stats/cluster-mean.ts): counting
// seats as independent would make it several times too narrow. Each share is also given
// on each team the entrant played (the team of the card a seat ends the game with): a side
// can win far more often than the other, so a share over all games mixes how an entrant
// played with which cards it was dealt.

import { wilson, Z95 } from '../../stats/wilson.js';
import { clusteredMean } from '../../stats/cluster-mean.js';
import type { Team } from '../../engine/index.js';

/** One game of the series: the agent at each seat, the seats that won, and each seat's team (its last card's). */
export interface SeriesGame {
  readonly specs: readonly string[];
  readonly won: readonly boolean[];
  readonly teams?: readonly Team[];
}

/** A share of games won, with its 95% interval (null when there is too little to give one). */
export interface Share {
  /** Seat-games played and won. */
  readonly played: number;
  readonly won: number;
  readonly rate: number;
  readonly low: number | null;
  readonly high: number | null;
}

export interface EntrantFigure extends Share {
  readonly agent: string;
  /** Its seats (the same in every game of a series). */
  readonly seats: readonly number[];
  /** The same on each team it played (the village's, the werewolves'), where the games say. */
  readonly byTeam: readonly ({ readonly team: Team } & Share)[];
}

/** Per game, an entrant's seats played and won: the game is the unit, since teammates share a result. */
interface Cell {
  readonly sum: number;
  readonly count: number;
}

function shareOf(cells: readonly Cell[]): Share | null {
  const played = cells.reduce((a, c) => a + c.count, 0);
  const won = cells.reduce((a, c) => a + c.sum, 0);
  if (played === 0) return null;
  // One seat a game (a person): independent games, Wilson's interval.
  if (cells.every((c) => c.count <= 1)) return { played, won, rate: won / played, ...wilson(won, played) };
  const m = clusteredMean(cells.filter((c) => c.count > 0));
  // Every game alike (all won, all lost): the games' spread says nothing of the error, and
  // a zero-width interval would claim certainty. Wilson's over the games, each one result.
  if (m.se === 0) return { played, won, rate: won / played, ...wilson(m.mean * m.clusters, m.clusters) };
  const low = m.se === null ? null : Math.max(0, m.mean - Z95 * m.se);
  const high = m.se === null ? null : Math.min(1, m.mean + Z95 * m.se);
  return { played, won, rate: won / played, low, high };
}

export function seriesFigures(games: readonly SeriesGame[]): EntrantFigure[] {
  // Each entrant's seats, in the order they first sit.
  const agents = new Map<string, Set<number>>();
  for (const g of games)
    g.specs.forEach((spec, seat) => {
      const seats = agents.get(spec) ?? new Set<number>();
      seats.add(seat);
      agents.set(spec, seats);
    });
  const out: EntrantFigure[] = [];
  for (const [agent, seats] of agents) {
    const cellsOn = (team: Team | null): Cell[] =>
      games.map((g) => {
        let sum = 0;
        let count = 0;
        g.specs.forEach((spec, seat) => {
          if (spec !== agent || (team !== null && g.teams?.[seat] !== team)) return;
          count++;
          if (g.won[seat]) sum++;
        });
        return { sum, count };
      });
    const all = shareOf(cellsOn(null));
    if (all === null) continue;
    const byTeam = games.every((g) => g.teams !== undefined)
      ? (['village', 'werewolves'] as const).flatMap((team) => {
          const share = shareOf(cellsOn(team));
          return share === null ? [] : [{ team, ...share }];
        })
      : [];
    out.push({ agent, seats: [...seats].sort((a, b) => a - b), ...all, byTeam });
  }
  return out;
}

/** The figures as lines: `human:bob (P3)  3 of 5 games won  60% (23–88%)`, then the same on each team. */
export function seriesLines(figures: readonly EntrantFigure[]): string[] {
  const pct = (x: number) => Math.round(100 * x);
  const interval = (f: Share) => (f.low === null || f.high === null ? 'no interval from one game' : `${pct(f.low)}–${pct(f.high)}%`);
  return figures.flatMap((f) => {
    const where = f.seats.map((s) => `P${s + 1}`).join(', ');
    const unit = f.seats.length === 1 ? 'games' : 'seat-games';
    return [
      `  ${f.agent} (${where})  ${f.won} of ${f.played} ${unit} won  ${pct(f.rate)}% (${interval(f)})`,
      ...f.byTeam.map((t) => `    on the ${t.team === 'village' ? "village's" : "werewolves'"} team  ${t.won} of ${t.played} won  ${pct(t.rate)}% (${interval(t)})`),
    ];
  });
}
