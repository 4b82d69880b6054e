// What a series at the table says about its players (issue 27): each entrant's share of
// games won, with its 95% interval. A person plays one seat, so their games are
// independent and the interval is Wilson's over games. An entrant at several seats of a
// game (the bots) wins or loses them together — teammates share a result — so its
// interval takes the game, not the seat, as the unit (stats/cluster-mean.ts): counting
// seats as independent would make it several times too narrow.

import { wilson, Z95 } from '../../stats/wilson.js';
import { clusteredMean } from '../../stats/cluster-mean.js';

/** One game of the series: the agent at each seat, and the seats that won. */
export interface SeriesGame {
  readonly specs: readonly string[];
  readonly won: readonly boolean[];
}

export interface EntrantFigure {
  readonly agent: string;
  /** Its seats (the same in every game of a series). */
  readonly seats: readonly number[];
  /** Seat-games played and won. */
  readonly played: number;
  readonly won: number;
  readonly rate: number;
  /** 95% interval; null when there is too little to give one (one game of a multi-seat entrant). */
  readonly low: number | null;
  readonly high: number | null;
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
    const cells = games.map((g) => {
      let sum = 0;
      let count = 0;
      g.specs.forEach((spec, seat) => {
        if (spec !== agent) return;
        count++;
        if (g.won[seat]) sum++;
      });
      return { sum, count };
    });
    const played = cells.reduce((a, c) => a + c.count, 0);
    const won = cells.reduce((a, c) => a + c.sum, 0);
    if (played === 0) continue;
    const single = cells.every((c) => c.count <= 1);
    let low: number | null;
    let high: number | null;
    if (single) ({ low, high } = wilson(won, played));
    else {
      const m = clusteredMean(cells);
      low = m.se === null ? null : Math.max(0, m.mean - Z95 * m.se);
      high = m.se === null ? null : Math.min(1, m.mean + Z95 * m.se);
    }
    out.push({ agent, seats: [...seats].sort((a, b) => a - b), played, won, rate: won / played, low, high });
  }
  return out;
}

/** The figures as lines: `human:bob (P3)  3 of 5 games won  60% (23–88%)`. */
export function seriesLines(figures: readonly EntrantFigure[]): string[] {
  return figures.map((f) => {
    const where = f.seats.map((s) => `P${s + 1}`).join(', ');
    const what = f.seats.length === 1 ? `${f.won} of ${f.played} games won` : `${f.won} of ${f.played} seat-games won`;
    const pct = (x: number) => Math.round(100 * x);
    const interval = f.low === null || f.high === null ? 'no interval from one game' : `${pct(f.low)}–${pct(f.high)}%`;
    return `  ${f.agent} (${where})  ${what}  ${pct(f.rate)}% (${interval})`;
  });
}
