// A tournament's tables (terminal, HTML, CSV, JSON) and its chart: the entrants' scores
// (deception: win rate on the werewolves' side; detection: on the village's), the fitted
// model's strengths, and each pairing (side mode), each role (seat mode) or each rotation
// of the table (mixed mode).

import { devianceVerdict } from '../stats/inference.js';
import { teamOf } from '../engine/index.js';
import type { Mode } from '../tournaments/schedule.js';
import { rateOf, type ModelFit, type Rate, type SideScore } from '../tournaments/ratings.js';
import { roleScores, type Paired, type SeatScore } from '../tournaments/seat-ratings.js';
import type { MixedData, SeatData, SideData } from '../tournaments/tournament-data.js';
import type { SeatRate } from '../tournaments/mixed-data.js';
import { rateColumns } from './columns.js';
import type { Column, Row, Table } from './table.js';

const rateCells = (key: string, r: Rate) => ({ [`${key}_games`]: r.games, [`${key}_wins`]: r.wins, [key]: r.rate, [`${key}_low`]: r.low, [`${key}_high`]: r.high });

const pairedCells = (key: string, p: Paired) => ({ [`${key}_ref`]: p.reference, [`${key}_diff`]: p.diff, [`${key}_diff_low`]: p.low, [`${key}_diff_high`]: p.high });

function rateCols(key: string, title: string): Column[] {
  return [
    { key: `${key}_games`, title: 'games', kind: 'int' },
    { key: `${key}_wins`, title: `${title} wins`, kind: 'int', shown: false },
    ...rateColumns(key, title),
  ];
}

function pairedCols(key: string): Column[] {
  return [
    { key: `${key}_ref`, title: 'reference', kind: 'pct', shown: false },
    { key: `${key}_diff`, title: 'vs ref', kind: 'pct' },
    { key: `${key}_diff_low`, title: 'vs ref low', kind: 'pct', shown: false },
    { key: `${key}_diff_high`, title: 'vs ref high', kind: 'pct', shown: false },
    { key: `${key}_diff_ci`, title: '95% CI', kind: 'interval', low: `${key}_diff_low`, high: `${key}_diff_high` },
  ];
}

export function sideScoreTable(scores: readonly SideScore[], id: string): Table {
  const rows: Row[] = scores.map((s) => ({
    entrant: s.entrant,
    ...rateCells('wolves', s.asWolves),
    ...rateCells('village', s.asVillage),
    self_village: s.selfPlay?.rate ?? null,
    self_games: s.selfPlay?.games ?? null,
  }));
  return {
    id,
    title: 'Deception (its wolves’ win rate) and detection (its village’s win rate), against the other entrants',
    columns: [
      { key: 'entrant', title: 'entrant', kind: 'text' },
      ...rateCols('wolves', 'wolves'),
      ...rateCols('village', 'village'),
      { key: 'self_village', title: 'self-play village', kind: 'pct', shown: false },
      { key: 'self_games', title: 'self-play games', kind: 'int', shown: false },
    ],
    rows,
    notes: ['Pooled over its opponents (its self-play games left out: CSV/JSON hold their village win rate). 95% Wilson intervals.'],
  };
}

export function seatScoreTable(scores: readonly SeatScore[], reference: string, id: string): Table {
  const rows: Row[] = scores.flatMap((s) => [
    { entrant: s.entrant, side: 'wolves', ...rateCells('rate', s.asWolves), ...pairedCells('rate', s.wolvesVsReference) },
    { entrant: s.entrant, side: 'village', ...rateCells('rate', s.asVillage), ...pairedCells('rate', s.villageVsReference) },
  ]);
  return {
    id,
    title: `One seat among ${reference} bots: the entrant’s win rate as a werewolf (deception) and in a village seat (detection)`,
    columns: [{ key: 'entrant', title: 'entrant', kind: 'text' }, { key: 'side', title: 'side', kind: 'text' }, ...rateCols('rate', 'win'), ...pairedCols('rate')],
    rows,
    notes: [
      `vs ref: the entrant’s win rate minus ${reference}’s in the same seats of the same deals (the baseline run), with its paired 95% interval.`,
    ],
  };
}

export function seatRoleTable(data: SeatData, id: string): Table {
  // A card whose player ends on another team (a thief who took a werewolf) is a row of its own.
  const rows: Row[] = roleScores(data.cells).map((r, i) => {
    const team = data.cells[i]!.team;
    const role = team === teamOf(r.role) ? r.role : `${r.role} → ${team}`;
    return { entrant: r.entrant, role, team, ...rateCells('rate', r.rate), ...pairedCells('rate', r.vsReference) };
  });
  return {
    id,
    title: 'Per card dealt to the entrant’s seat: its win rate, and against the reference in the same seat',
    columns: [
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'role', title: 'role', kind: 'text' },
      { key: 'team', title: 'plays for', kind: 'text', shown: false },
      ...rateCols('rate', 'win'),
      ...pairedCols('rate'),
    ],
    rows,
  };
}

export function sidePairingTable(data: SideData, id: string): Table {
  const rows: Row[] = data.results.map((r) => {
    const w = rateOf(r.wolvesWins, r.games);
    return {
      wolves_entrant: r.wolves,
      village_entrant: r.village,
      run: r.run,
      games: r.games,
      wolves_wins: r.wolvesWins,
      wolves: w.rate,
      wolves_low: w.low,
      wolves_high: w.high,
      village: r.games === 0 ? null : r.villageWins / r.games,
      village_wins: r.villageWins,
      other: r.other,
    };
  });
  return {
    id,
    title: 'Every pairing: the werewolves’ win rate (deals shared by every pairing)',
    columns: [
      { key: 'wolves_entrant', title: 'wolves', kind: 'text' },
      { key: 'village_entrant', title: 'village', kind: 'text' },
      { key: 'run', title: 'run', kind: 'int' },
      { key: 'games', title: 'games', kind: 'int' },
      { key: 'wolves_wins', title: 'wolves wins', kind: 'int', shown: false },
      ...rateColumns('wolves', 'wolves'),
      { key: 'village', title: 'village', kind: 'pct', shown: false },
      { key: 'village_wins', title: 'village wins', kind: 'int', shown: false },
      { key: 'other', title: 'other', kind: 'int' },
    ],
    rows,
    notes: ['other: games won by neither (lovers, the piper, draws).'],
  };
}

export function modelTable(mode: Mode, fit: ModelFit, id: string): Table {
  const ranked = [...fit.strengths].sort((a, b) => b.village + b.wolves - (a.village + a.wolves) || (a.entrant < b.entrant ? -1 : 1));
  const rows: Row[] = ranked.map((s, i) => ({
    rank: i + 1,
    entrant: s.reference ? `${s.entrant} (reference)` : s.entrant,
    wolf_strength: s.wolves,
    wolf_se: s.wolvesSe,
    village_strength: s.village,
    village_se: s.villageSe,
    overall: s.village + s.wolves,
    overall_se: s.sumSe,
  }));
  const p = (x: number) => (100 / (1 + Math.exp(-x))).toFixed(1);
  const model =
    mode === 'side'
      ? `logit P(village wins | X wolves, Y village) = c + v_Y − w_X, Σv = Σw = 0; c = ${fit.advantage.toFixed(3)} ± ${fit.advantageSe.toFixed(3)} (the village wins ${p(fit.advantage)}% between two average entrants).`
      : mode === 'mixed'
        ? `logit P(village wins) = c + Σ (a_X − b_X)·s_X, a_X and b_X entrant X's shares of the village's and the werewolves' seats in that game, Σs = 0: one skill s per entrant, shown as w = v = s (at a table that seats every entrant, its share of one team fixes its share of the other, so its wolf and village strengths cannot be told apart); c = ${fit.advantage.toFixed(3)} ± ${fit.advantageSe.toFixed(3)} (the village wins ${p(fit.advantage)}% between average entrants).`
        : `logit P(village wins) = c + v_X (X in a village seat) − w_X (X a werewolf); the reference is 0; c = ${fit.advantage.toFixed(3)} ± ${fit.advantageSe.toFixed(3)} (the village wins ${p(fit.advantage)}% among reference agents).`;
  return {
    id,
    title: 'Fitted strengths (log-odds; higher is stronger on that side), ranked by their sum',
    columns: [
      { key: 'rank', title: '#', kind: 'int' },
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'wolf_strength', title: 'wolf w', kind: 'num', digits: 3 },
      { key: 'wolf_se', title: '± se', kind: 'num', digits: 3 },
      { key: 'village_strength', title: 'village v', kind: 'num', digits: 3 },
      { key: 'village_se', title: '± se', kind: 'num', digits: 3 },
      { key: 'overall', title: 'w + v', kind: 'num', digits: 3 },
      { key: 'overall_se', title: '± se', kind: 'num', digits: 3 },
    ],
    rows,
    notes: [
      model,
      `Fitted by IRLS on ${fit.games} games won by the village or the werewolves; ` +
        devianceVerdict(fit.deviance, fit.df, 'additive strengths do not explain every pairing') +
        '. A 95% interval is ± 1.96 se. ' +
        (fit.byDeal === true
          ? 'The errors take a deal as the unit: every pairing plays the same deals, and a deal\'s games are alike (a cluster-robust covariance, clusters the game indices).'
          : 'The errors treat games as independent; pairings share their deals, so ' +
            (mode !== 'seat'
              ? 'differences between entrants are known better than that (and c, the common level, less well).'
              : 'the paired comparisons with the reference above are sharper.')),
      ...(fit.prior === null
        ? []
        : [
            `Some pairing was won by the same side in every game, so the plain fit does not exist: these strengths are fitted under a weak prior ` +
              `(each strength and c ~ N(0, ${fit.prior}²)), which pulls them toward 0. More games per pairing remove the need.`,
          ]),
    ],
  };
}

const seatRateCells = (key: string, r: SeatRate) => ({ [`${key}_seats`]: r.seats, [key]: r.rate, [`${key}_low`]: r.low, [`${key}_high`]: r.high });

/** Mixed tables: each entrant's seats' win rates on each team, pooled over its seats and the rotations. */
export function mixedSeatTable(data: MixedData, id: string): Table {
  const rows: Row[] = data.seats.map((s) => ({ entrant: s.entrant, ...seatRateCells('wolves', s.asWolves), ...seatRateCells('village', s.asVillage) }));
  return {
    id,
    title: 'At the mixed table: the win rate of the entrant’s werewolf seats (deception) and of its village seats (detection)',
    columns: [
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'wolves_seats', title: 'seats', kind: 'int' },
      ...rateColumns('wolves', 'wolves'),
      { key: 'village_seats', title: 'seats', kind: 'int' },
      ...rateColumns('village', 'village'),
    ],
    rows,
    notes: [
      'A seat counts for the team of the card it ended with; games won by neither team are left out. The team-mates of an entrant’s seat are the other entrants too: these rates mix its play with theirs (the strengths below separate them). 95% intervals with a deal (every rotation’s game of one seed and index) as the unit.',
    ],
  };
}

/** Mixed tables: every rotation of the table, its seating and what its games gave. */
export function mixedTableTable(data: MixedData, id: string): Table {
  const rows: Row[] = data.pairings.map((p) => ({ rotation: (p.row.seat ?? 0) + 1, run: p.row.run, stored: p.stored, planned: p.planned }));
  return {
    id,
    title: 'The table’s rotations (seat k of rotation r: the (k + r)-th entrant of the drawn order)',
    columns: [
      { key: 'rotation', title: 'rotation', kind: 'int' },
      { key: 'run', title: 'run', kind: 'int' },
      { key: 'stored', title: 'games', kind: 'int' },
      { key: 'planned', title: 'planned', kind: 'int', shown: false },
    ],
    rows,
    notes: [
      `${data.lineups.length} line-ups (the entrants' shares of each team's seats) over ${data.lineups.reduce((n, l) => n + l.games, 0)} decisive games; ${data.other} game${data.other === 1 ? '' : 's'} won by neither team. sim show --run N prints a rotation's seating.`,
    ],
  };
}

/** A table with no rows that says why the model is missing. */
export function noModelTable(reason: string, id: string): Table {
  return { id, title: 'Fitted strengths', columns: [], rows: [], notes: [`not fitted: ${reason}.`] };
}
