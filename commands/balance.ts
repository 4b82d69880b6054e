// `sim balance`: plays a sweep's grid (tournaments/sweep.ts) into the results database
// and prints, per rule set and player count, the village's win rate of each mix, the
// mix closest to 50%, where the documents' tables stand, and the role values fitted on
// the mixes played. Every flag and every cell is checked before the database is opened:
// a refused sweep writes nothing.

import { checkSeating, parseSeating, type Seating } from '../agents/registry.js';
import { err, ok, type Result } from '../engine/index.js';
import { parseRuleAssignments } from '../engine/index.js';
import { mixLabel } from '../engine/index.js';
import { changedRules, parseSeed, type ThreadFirst } from '../runs/run-config.js';
import { Store } from '../runs/storage.js';
import { runSeatedSweep, runSweep, type CellResult, type SweepOptions, type SweepOutcome } from '../tournaments/sweep.js';
import { parseExtras, parsePlayers, parseWolves, planGrid, type GridSpec, type SweepCell } from '../tournaments/sweep-grid.js';
import { DEFAULT_BATCH, DEFAULT_PRECISION, defaultMaxGames, type Adaptive } from '../tournaments/sweep-schedule.js';
import { groupLabel } from '../reports/analysis.js';
import { comparisonTable } from '../reports/analysis-tables.js';
import { balanceByPlayers, balanceSummaryTable, heatCells, heatTable, mixRate, type MixRate } from '../reports/balance.js';
import { toJsonObject } from '../reports/export.js';
import { gamesForPrecision } from '../stats/inference.js';
import { shortMix } from '../stats/mix.js';
import { configKey, deckCounts } from '../reports/records.js';
import { fitRoleValues, roleValueTable } from '../reports/role-values.js';
import { MIX_COLUMNS, rateColumns } from '../reports/columns.js';
import type { Row, Table } from '../reports/table.js';
import { renderTable } from '../reports/terminal.js';
import { TERMINAL_WIDTH, wrap } from '../narrate/width.js';
import { DEFAULT_TOLERANCE, ENSEMBLE_AGENTS, ENSEMBLE_ORDERS, ensembleMembers, ensembleMembersTable, ensembleTable, type MemberRate } from '../reports/ensemble.js';

export interface BalanceArgs {
  readonly db: string;
  /** The terminal's width for the tables (default 80). */
  readonly width?: number | undefined;
  readonly presets: string;
  readonly players: string;
  readonly wolves: string;
  readonly with: readonly string[];
  readonly subsets: boolean;
  readonly tables: boolean;
  readonly rules: readonly string[];
  readonly agents: readonly string[];
  readonly seed: string;
  readonly precision?: string | undefined;
  readonly batch?: string | undefined;
  readonly maxGames?: string | undefined;
  readonly workers: number;
  /** Without a worker count from the user: each round's games start in this thread (runs/run-config.ts THREAD_FIRST). */
  readonly threadFirst?: ThreadFirst | undefined;
  readonly concurrency: number;
  readonly json: boolean;
  /**
   * Play every cell under an ensemble: each entry one member's seating (its `--agents`
   * words separated by spaces), each under both speaking orders; [] the default ensemble
   * (reports/ensemble.ts). Undefined: one seating, `agents`.
   */
  readonly ensemble?: readonly string[] | undefined;
  /** An ensemble's tolerance around 50% (default 0.05). */
  readonly tolerance?: string | undefined;
}

/** One member of an ensemble, planned. */
export interface MemberPlan {
  readonly label: string;
  readonly grid: GridSpec;
  readonly cells: readonly SweepCell[];
  readonly seating: Seating;
}

export interface BalancePlan {
  readonly grid: GridSpec;
  readonly cells: readonly SweepCell[];
  readonly seed: string;
  readonly adaptive: Adaptive;
  readonly seating: Seating;
  /** With an ensemble: its members (the plan's grid, cells and seating are the first's), and its tolerance. */
  readonly members?: readonly MemberPlan[];
  readonly tolerance?: number;
}

function positiveInt(name: string, text: string, min: number): Result<number, string> {
  const t = text.trim().replaceAll('_', '');
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(n) || n < min) return err(`--${name} must be a whole number of at least ${min}, not '${text}'`);
  return ok(n);
}

/** Every flag checked and the grid planned; nothing is opened. */
export function planBalance(a: BalanceArgs): Result<BalancePlan, string> {
  const presets = a.presets.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const players = parsePlayers(a.players);
  if (!players.ok) return players;
  const wolves = parseWolves(a.wolves);
  if (!wolves.ok) return wolves;
  const extras = parseExtras(a.with, a.subsets);
  if (!extras.ok) return extras;
  const rules = parseRuleAssignments(a.rules);
  if (!rules.ok) return err(`--rule: ${rules.error}`);
  if (a.ensemble !== undefined && a.agents.length > 0)
    return err("--agents and --ensemble both name agents: give the ensemble's seatings to --ensemble (e.g. --ensemble heuristic --ensemble belief)");
  const seatings = a.ensemble === undefined ? null : a.ensemble.length === 0 ? ENSEMBLE_AGENTS : a.ensemble;
  const specs = seatings === null ? [{ label: '', agents: a.agents, rules: a.rules }] : ensembleMembers(seatings, a.rules);
  const parsed: { label: string; seating: Seating; rules: readonly string[] }[] = [];
  for (const m of specs) {
    const flag = seatings === null ? '--agents' : `--ensemble '${m.agents.join(' ')}'`;
    const seating = parseSeating(m.agents);
    if (!seating.ok) return err(`${flag}: ${seating.error}`);
    if (seating.value.assignments.some((x) => x.spec.kind.llm === true))
      return err(
        `${flag}: sim balance sweeps bots (thousands of games per cell); models cost per call: seat them in a run ` +
          '(sim --agents … --max-cost USD, one per configuration) and compare the runs with sim report --compare RUN:RUN',
      );
    parsed.push({ label: m.label, seating: seating.value, rules: m.rules });
  }
  const seed = parseSeed(a.seed);
  if (!seed.ok) return seed;
  const precision = a.precision === undefined ? DEFAULT_PRECISION : Number(a.precision);
  if (!(precision > 0 && precision < 0.5)) return err(`--precision must be a number between 0 and 0.5 (0.01: ±1 point), not '${a.precision}'`);
  const batch = a.batch === undefined ? ok(DEFAULT_BATCH) : positiveInt('batch', a.batch, 1);
  if (!batch.ok) return batch;
  const maxGames = a.maxGames === undefined ? ok(defaultMaxGames(precision, batch.value)) : positiveInt('max-games', a.maxGames, 1);
  if (!maxGames.ok) return maxGames;
  if (maxGames.value < batch.value) return err(`--max-games (${maxGames.value}) is below --batch (${batch.value}): a cell would never reach its first checkpoint`);
  const tolerance = a.tolerance === undefined ? DEFAULT_TOLERANCE : Number(a.tolerance);
  if (!(tolerance > 0 && tolerance < 0.5)) return err(`--tolerance must be a number between 0 and 0.5 (0.05: 50% ± 5 points), not '${a.tolerance}'`);
  const members: MemberPlan[] = [];
  for (const m of parsed) {
    for (const n of players.value) {
      const c = checkSeating(m.seating, n);
      if (!c.ok) return err(`${seatings === null ? '--agents' : `--ensemble '${m.label}'`}: ${c.error}`);
    }
    const grid: GridSpec = { presets, players: players.value, wolves: wolves.value, extras: extras.value, tables: a.tables, rules: m.rules, seating: m.seating };
    const cells = planGrid(grid);
    if (!cells.ok) return cells;
    members.push({ label: m.label, grid, cells: cells.value, seating: m.seating });
  }
  const first = members[0]!;
  const adaptive = { precision, batch: batch.value, maxGames: maxGames.value };
  return ok({ grid: first.grid, cells: first.cells, seed: seed.value, adaptive, seating: first.seating, ...(seatings === null ? {} : { members, tolerance }) });
}

export interface BalanceIo {
  readonly onProgress?: SweepOptions['onProgress'];
  readonly shouldStop?: () => boolean;
}

export interface BalanceOutcome {
  readonly stdout: string;
  readonly sweep: SweepOutcome;
}

export async function runBalance(a: BalanceArgs, io: BalanceIo = {}): Promise<Result<BalanceOutcome, string>> {
  const plan = planBalance(a);
  if (!plan.ok) return plan;
  const opened = Store.open(a.db, 'write');
  if (!opened.ok) return opened;
  const store = opened.value;
  try {
    const p = plan.value;
    const options = { seed: p.seed, adaptive: p.adaptive, workers: a.workers, threadFirst: a.threadFirst, concurrency: a.concurrency, shouldStop: io.shouldStop, onProgress: io.onProgress };
    if (p.members !== undefined) {
      const { sweep, tables } = await runEnsemble(store, p, p.members, options);
      const stdout = a.json ? JSON.stringify(sweepJson(p, sweep, tables, a.db)) + '\n' : sweepText(p, sweep, tables, a.db, a.width ?? TERMINAL_WIDTH);
      return ok({ stdout, sweep });
    }
    const sweep = await runSweep(store, p.cells, p.seating, options);
    const tables = sweepTables(sweep.cells);
    const stdout = a.json ? JSON.stringify(sweepJson(p, sweep, tables, a.db)) + '\n' : sweepText(p, sweep, tables, a.db, a.width ?? TERMINAL_WIDTH);
    return ok({ stdout, sweep });
  } finally {
    store.close();
  }
}

/**
 * Plays every member's cells as one sweep (each cell of each member a run of its own, so
 * a stopped ensemble continues where it stopped; the members' rounds together, on one
 * pool whose workers warm up once, not one pool per member) and tables the range across
 * members.
 */
async function runEnsemble(store: Store, p: BalancePlan, members: readonly MemberPlan[], options: SweepOptions): Promise<{ sweep: SweepOutcome; tables: Table[] }> {
  const sweep = await runSeatedSweep(
    store,
    members.flatMap((m) => m.cells.map((cell) => ({ cell, seating: m.seating }))),
    options,
  );
  // The results come in the order of the cells given: each member's in turn.
  const rates: MemberRate[] = [];
  let at = 0;
  for (const m of members) {
    for (const c of sweep.cells.slice(at, at + m.cells.length)) {
      const rate = cellRate(c);
      if (rate !== null) rates.push({ member: m.label, rate });
    }
    at += m.cells.length;
  }
  const tolerance = p.tolerance ?? DEFAULT_TOLERANCE;
  const tables = [ensembleTable(rates, members.length, tolerance), ensembleMembersTable(rates)];
  return { sweep, tables };
}

/** A cell's result as a mix rate (its games are [0, games) of its run). */
export function cellRate(c: CellResult): MixRate | null {
  if (c.games === 0) return null;
  const counts = deckCounts(mixLabel(c.cell.setup));
  if (!counts.ok) throw new Error(counts.error);
  const config = { preset: c.cell.setup.preset, players: c.cell.setup.players, deck: mixLabel(c.cell.setup), rules: changedRules(c.cell.setup).join(' '), seating: c.run.seating };
  return mixRate(config, counts.value, c.games, c.village);
}

export function sweepTables(results: readonly CellResult[]): Table[] {
  const rates = results.map(cellRate).filter((r): r is MixRate => r !== null);
  const byKey = new Map(results.map((c) => [configKey({ preset: c.cell.setup.preset, players: c.cell.setup.players, deck: mixLabel(c.cell.setup), rules: changedRules(c.cell.setup).join(' '), seating: c.run.seating }), c]));
  const tables: Table[] = [];
  const groupKeys = [...new Set(rates.map((r) => `${r.config.preset}|${r.config.rules}|${r.config.seating}`))];
  groupKeys.forEach((gk, gi) => {
    const sfx = groupKeys.length === 1 ? '' : `-${gi + 1}`;
    const mine = rates.filter((r) => `${r.config.preset}|${r.config.rules}|${r.config.seating}` === gk);
    const label = groupLabel(mine[0]!.config);
    const b = balanceByPlayers(mine);
    const summary = balanceSummaryTable(b, `balance${sfx}`);
    tables.push({ ...summary, title: `${summary.title} — ${label}` });
    const cells = heatCells(b);
    for (const [j, f] of [...new Set(cells.map((c) => c.extras))].sort().entries())
      if (cells.filter((c) => c.extras === f).length > 1) tables.push(heatTable(cells, f, `heatmap${sfx}-${j + 1}`));
    const comparisons = comparisonTable(b, `comparisons${sfx}`);
    if (comparisons.rows.length > 0) tables.push(comparisons);
    tables.push(cellTable(mine, byKey, `cells${sfx}`));
    const fit = fitRoleValues(mine);
    if (fit.ok) tables.push(roleValueTable(fit.value, `role-values${sfx}`));
    else tables.push({ id: `role-values${sfx}`, title: 'Role values', columns: [], rows: [], notes: [`not fitted: ${fit.error}.`] });
  });
  return tables;
}

function cellTable(rates: readonly MixRate[], byKey: ReadonlyMap<string, CellResult>, id: string): Table {
  const rows: Row[] = rates.map((m) => {
    const c = byKey.get(configKey(m.config))!;
    return {
      players: m.config.players,
      mix: shortMix(m.counts),
      deck: m.config.deck,
      origin: c.cell.origins.join(', '),
      run: c.run.id,
      games: m.games,
      village_wins: m.village,
      village: m.rate,
      low: m.low,
      high: m.high,
      state: c.state.kind,
    };
  });
  return {
    id,
    title: 'Every cell of the sweep: games played, the village’s win rate, and whether its interval is narrow enough',
    columns: [
      ...MIX_COLUMNS,
      { key: 'origin', title: 'origin', kind: 'text', shown: false },
      { key: 'run', title: 'run', kind: 'int' },
      { key: 'games', title: 'games', kind: 'int' },
      { key: 'village_wins', title: 'village wins', kind: 'int', shown: false },
      ...rateColumns('village', 'village', 'low', 'high'),
      { key: 'state', title: 'state', kind: 'text' },
    ],
    rows,
    notes: ['state: settled (interval within ± precision), capped (stopped at --max-games), open (the sweep was stopped: run it again to continue).'],
  };
}

/** The sweep's rule changes; an ensemble's members add their speaking orders (named in their labels). */
function rulesText(p: BalancePlan): string {
  const added = p.members?.[0] === undefined ? null : ENSEMBLE_ORDERS.find((o) => p.members![0]!.label.endsWith(`, ${o}`));
  const own = added === undefined || added === null ? p.grid.rules : p.grid.rules.filter((r) => r !== `speakingOrder=${added}`);
  const text = own.length === 0 ? 'as in the presets' : own.join(' ');
  return p.members === undefined ? text : `${text}; each member its speaking order`;
}

function settingsLines(p: BalancePlan, s: SweepOutcome, db: string): string[] {
  const g = p.grid;
  const wolves = g.wolves.kind === 'auto' ? 'auto (1 to ⌊n/3⌋+1)' : `${g.wolves.min}-${g.wolves.max}`;
  const extras = g.extras.map((e) => (e.length === 0 ? 'none' : e.join(','))).join(' | ');
  const played = s.played;
  const speed = s.seconds > 0 ? Math.round(played / s.seconds).toLocaleString('en-US') : '—';
  return [
    ['presets', g.presets.join(', ')],
    ['players', g.players.length > 2 ? `${g.players[0]}–${g.players[g.players.length - 1]}` : g.players.join(', ')],
    ['wolves', wolves],
    ['extras', extras],
    ['tables', g.tables ? '001 and 004 rows added' : 'not added'],
    ['rules', rulesText(p)],
    p.members === undefined ? ['agents', p.seating.text] : ['ensemble', `${p.members.length} members: ${p.members.map((m) => m.label).join('; ')}`],
    ['seed', p.seed],
    ['precision', `±${(100 * p.adaptive.precision).toFixed(2)} points (95%); checkpoints every ${p.adaptive.batch} games; at most ${p.adaptive.maxGames} per cell`],
    ['cells', `${s.cells.length}: ${s.cells.filter((c) => c.state.kind === 'settled').length} settled, ${s.cells.filter((c) => c.state.kind === 'capped').length} capped, ${s.cells.filter((c) => c.state.kind === 'open').length} open`],
    ['played', `${played} games in ${s.seconds.toFixed(1)} s (${speed} games/s), ${s.rounds} round${s.rounds === 1 ? '' : 's'}; ${s.cells.reduce((n, c) => n + c.games, 0)} games counted`],
    ['stored in', db],
  ].flatMap(([k, v]) => wrap(v!, 80, ' '.repeat(13)).map((l, i) => (i === 0 ? `  ${k!.padEnd(10)} ${l.trimStart()}` : l)));
}

function sweepText(p: BalancePlan, s: SweepOutcome, tables: readonly Table[], db: string, width: number): string {
  const out = ['werewolf-lab balance sweep', ...settingsLines(p, s, db)];
  const sample = gamesForPrecision(p.adaptive.precision);
  out.push(...wrap(`(a rate near 50% needs about ${sample} games for ±${(100 * p.adaptive.precision).toFixed(2)} points; lopsided cells settle sooner)`, 80, '  '));
  for (const t of tables) out.push('', ...renderTable(t, width));
  out.push('', ...wrap(`Charts (win rate by player count, heat-maps, role values, game length, causes of death): sim report --db ${db} --out report/`, width));
  if (s.stopped) out.push('', ...wrap('The sweep was stopped before every cell settled: run the same command again to continue it.', width));
  return out.join('\n') + '\n';
}

function sweepJson(p: BalancePlan, s: SweepOutcome, tables: readonly Table[], db: string): Record<string, unknown> {
  return {
    db,
    seed: p.seed,
    agents: p.seating.text,
    ...(p.members === undefined ? {} : { ensemble: p.members.map((m) => m.label), tolerance: p.tolerance }),
    presets: p.grid.presets,
    players: p.grid.players,
    adaptive: p.adaptive,
    played: s.played,
    seconds: s.seconds,
    rounds: s.rounds,
    stopped: s.stopped,
    cells: s.cells.map((c) => ({ run: c.run.id, players: c.cell.setup.players, deck: mixLabel(c.cell.setup), preset: c.cell.setup.preset, origins: c.cell.origins, state: c.state.kind, games: c.games, village: c.village })),
    tables: tables.map(toJsonObject),
  };
}
