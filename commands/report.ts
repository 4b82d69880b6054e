// `sim report`: reads a results database, prints the report's tables (80 columns, or
// JSON), and with --out writes the HTML page, every table as CSV and JSON, and a replay
// page per game shown (replay-page.ts). Everything is read and checked first; files are written only when all of it
// succeeded, each through a temporary name, so a refused or failed report leaves no
// partial page behind.

import { mkdirSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { err, ok, type Result } from '../engine/index.js';
import { Store } from '../runs/storage.js';
import { writeFailureOf } from '../runs/db-file.js';
import { tournamentData } from '../tournaments/tournament-data.js';
import { pairings, tournaments, type PairingRow, type TournamentRow } from '../tournaments/tournament-store.js';
import { MetricsPool } from '../metrics/pool.js';
import { distinctRuns, poolStoredRun } from '../runs/metrics.js';
import { summarize } from '../reports/analysis.js';
import { dbSource } from '../reports/db-source.js';
import { toCsv, toJsonObject } from '../reports/export.js';
import { replayHtml, reportHtml, type ReplayLink } from '../reports/html.js';
import { parseGameRef, replayStored, type Replay } from '../runs/replay.js';
import { replayPage } from '../reports/replay-page.js';
import { allTables, buildReport, type GroupReport, type MetricsSection, type Report } from '../reports/report.js';
import { leaderboardTable, sidesTable } from '../reports/leaderboard-table.js';
import { boardSetups, leaderboard, sidesOf } from '../tournaments/leaderboard.js';
import { recordReaders } from '../tournaments/leaderboard-record.js';
import { setupFromJson } from '../runs/run-config.js';
import type { FailurePolicy } from '../tournaments/failure-policy.js';
import { outlineReport, terminalReport } from '../reports/terminal-report.js';

export interface ReportArgs {
  readonly db: string;
  /** Start the programs a run's process agents name, to replay its games for the pages (--run-agents). */
  readonly runAgents?: boolean | undefined;
  /** Directory for the HTML page and the files (none: print only). */
  readonly out?: string | undefined;
  /** Print JSON instead of the aligned tables. */
  readonly json: boolean;
  /** `RUN:GAME` games to replay (with --out); default: the first game of the first three runs. */
  readonly replays: readonly string[];
  /** Only these runs (default: all). */
  readonly runs?: readonly number[] | undefined;
  /** `RUN:RUN` pairs: the configurations of the two runs compared. */
  readonly compare?: readonly string[] | undefined;
  /** Only these tournaments (and, unless `runs` says otherwise, their runs); default: every tournament. */
  readonly tournaments?: readonly number[] | undefined;
  /** The terminal's width for the tables (default 80). */
  readonly width?: number | undefined;
  /** Show the stored behaviour metrics (default true; false only to measure what they cost: scripts/metrics-bench.ts). */
  readonly metrics?: boolean | undefined;
  /** The text report's behaviour metrics: in short (default) or every row. */
  readonly metricRows?: 'summary' | 'all' | undefined;
  /** The leaderboards' anchors (sim leaderboard --anchor): entrants whose average strength is each board's zero. */
  readonly anchors?: readonly string[] | undefined;
  /** The leaderboards' failure policy (sim leaderboard --policy; default: the stored one). */
  readonly policy?: FailurePolicy | undefined;
}

/** The behaviour metrics of some runs' stored games, and notes on the runs that have none. */
export function storedMetrics(store: Store, ids: readonly number[]): MetricsSection | null {
  const runs = store.runs().filter((r) => ids.includes(r.id));
  const { kept, skipped } = distinctRuns(store, runs);
  const pool = new MetricsPool();
  const without = kept.filter((r) => !poolStoredRun(store, r, pool)).map((r) => r.id);
  const notes: string[] = [];
  if (skipped.length > 0) notes.push(`Runs ${skipped.map((r) => r.id).join(', ')} replay games of other runs here and are counted once, through those.`);
  if (without.length > 0)
    notes.push(`Run${without.length === 1 ? '' : 's'} ${without.join(', ')} stored no behaviour counts (played before they were kept): sim metrics --db ${store.path} replays ${without.length === 1 ? 'it' : 'them'} to count them.`);
  if (pool.empty && notes.length === 0) return null;
  return { rows: pool.rows(), notes };
}

export interface ReportOutcome {
  readonly stdout: string;
  readonly files: readonly string[];
  /** Replays that differ from what was stored (each is also said on the page). */
  readonly mismatches: number;
}

export const DEFAULT_REPLAYS = 3;

/** A pairing as its link says it. */
function pairingText(p: PairingRow): string {
  if (p.wolves !== null && p.village !== null) return `wolves ${p.wolves} vs village ${p.village}`;
  if (p.entrant !== null && p.seat !== null) return `${p.entrant} in seat ${p.seat + 1}`;
  return p.kind;
}

/** The file's stat, or undefined when it is not there (ENOTDIR: a file stands in its path, found further up). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

/** The directories from `dir` up to its nearest existing ancestor (that ancestor last), or an error if that one is a file. */
function missingDirs(out: string, dir: string): Result<{ missing: string[]; existing: string }, string> {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    const st = statOf(d);
    if (st !== undefined) {
      if (st.isDirectory()) return ok({ missing, existing: d });
      return err(d === dir ? `--out ${out} is a file, not a directory: give a directory for the report` : `--out ${out}: ${d} is a file, not a directory: give a directory for the report`);
    }
    missing.push(d);
    if (dirname(d) === d) return ok({ missing, existing: d });
  }
}

function checkOut(out: string): Result<string, string> {
  const dir = resolve(out);
  const dirs = missingDirs(out, dir);
  return dirs.ok ? ok(dir) : dirs;
}

/**
 * Creates `dir` one level at a time (Node 20's recursive mkdir loops forever under /proc and
 * other pseudo-filesystems), so a bad --out is an error that says why, not a hang.
 */
function makeDir(out: string, dir: string): Result<void, string> {
  const dirs = missingDirs(out, dir);
  if (!dirs.ok) return dirs;
  for (const d of dirs.value.missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      return err(`--out ${out}: cannot create the directory ${d} (${(e as NodeJS.ErrnoException).code ?? String(e)}): choose another --out`);
    }
  }
  return ok(undefined);
}

export function reportJson(r: Report): Record<string, unknown> {
  return {
    source: r.source,
    configurations: r.configurations,
    games: r.games,
    complete: r.incomplete.length === 0,
    incomplete: r.incomplete.map((x) => ({ run: x.run, stored: x.games, planned: x.planned })),
    comparisons: r.comparisons === null ? null : toJsonObject(r.comparisons),
    groups: r.groups.map((g) => ({ label: g.label, games: g.games, tables: g.sections.flatMap((s) => s.tables.map(toJsonObject)), notes: g.sections.flatMap((s) => s.text) })),
    boards: r.boards.map((g) => ({ label: g.label, games: g.games, tables: g.sections.flatMap((s) => s.tables.map(toJsonObject)), notes: g.sections.flatMap((s) => s.text) })),
    tournaments: r.tournaments.map((g) => ({ label: g.label, games: g.games, tables: g.sections.flatMap((s) => s.tables.map(toJsonObject)), notes: g.sections.flatMap((s) => s.text) })),
  };
}

/** The tournaments asked for (each must exist), or every tournament of the file. */
function tournamentsOf(store: Store, ids: readonly number[] | undefined): Result<TournamentRow[], string> {
  const all = tournaments(store);
  if (ids === undefined) return ok(all);
  const out: TournamentRow[] = [];
  for (const id of ids) {
    const t = all.find((x) => x.id === id);
    if (t === undefined)
      return err(`${store.path} has no tournament ${id}; its tournaments are ${all.length === 0 ? 'none' : all.map((x) => x.id).join(', ')} (sim tournament plays one)`);
    out.push(t);
  }
  return ok(out);
}

/** How the report's leaderboards are ranked: `sim leaderboard`'s --anchor and --policy. */
interface BoardOptions {
  readonly anchors?: readonly string[] | undefined;
  readonly policy?: FailurePolicy | undefined;
}

/**
 * One leaderboard per setup whose side pairings seat two entrants or more, one of them
 * against another (as `sim leaderboard` ranks them: the stored failure policy and no
 * anchors unless `o` names them), and a note where one cannot be made (the policies
 * differ, the LLM record is unreadable, the games do not compare every entrant). Where the games are one tournament's, its own part ranks them and no board
 * is made, unless anchors or a policy were asked for: its part has neither. A board
 * whose entrants lack an anchor is ranked on its own scale, and says so. Refused: an
 * anchor that no board seats (a misspelt name would otherwise change nothing).
 */
function boardReports(store: Store, o: BoardOptions): Result<GroupReport[], string> {
  const out: GroupReport[] = [];
  const asked = o.anchors !== undefined || o.policy !== undefined;
  const held = tournaments(store).map((t) => new Set(pairings(store, t.id).map((p) => p.run)));
  const all = store.runs();
  const seated = new Set<string>();
  let readers: ReturnType<typeof recordReaders> | undefined;
  let ranked = 0;
  for (const s of boardSetups(store)) {
    if (s.entrants < 2) continue;
    const runs = all.filter((r) => r.setup === s.setup && sidesOf(r.seating) !== null);
    const entrants = new Set(runs.flatMap((r) => Object.values(sidesOf(r.seating)!)));
    for (const e of entrants) seated.add(e);
    // Self-play alone compares no entrant with another (an ensemble's runs): no board, the
    // section across agents shows them; sim leaderboard says why.
    const selfPlayOnly = runs.every((r) => {
      const x = sidesOf(r.seating)!;
      return x.wolves === x.village;
    });
    if (selfPlayOnly) continue;
    // Games of one tournament alone: its own part of the report ranks them already.
    if (!asked && held.some((h) => runs.every((r) => h.has(r.id)))) continue;
    const anchored = o.anchors !== undefined && o.anchors.every((e) => entrants.has(e));
    const setup = setupFromJson(runs[0]!.setupJson, runs[0]!.setup);
    // The LLM record is opened once, for every board that needs it.
    readers ??= recordReaders(store);
    const board = !setup.ok
      ? setup
      : !readers.ok
        ? readers
        : leaderboard(store, setup.value, { precision: BOARD_PRECISION, anchors: anchored ? o.anchors : undefined, policy: o.policy, ...readers.value });
    const label = `Leaderboard: ${s.label}`;
    if (!board.ok) {
      out.push({ label, games: 0, sections: [{ title: 'Leaderboard', text: [`Not ranked: ${board.error}.`], charts: [], tables: [] }] });
      continue;
    }
    const games = board.value.pairings.reduce((n, p) => n + p.games, 0);
    // The boards' files apart: the first as ever, leaderboard.csv; the next leaderboard-2.csv, … (boards not ranked write none).
    const n = ranked++ === 0 ? '' : `-${ranked}`;
    const text = [
      `Every agent that played this setup in the file, ranked together across tournaments, tests and runs (${board.value.runs} runs, ${board.value.pairings.length} pairings; sim leaderboard prints it, with --anchor and --policy).`,
    ];
    if (o.anchors !== undefined && !anchored) {
      const missing = o.anchors.filter((e) => !entrants.has(e));
      text.push(`Not anchored: ${missing.join(', ')} played no game of this setup, so its scores are against this board's average entrant and do not compare with the anchored boards.`);
    }
    out.push({ label, games, sections: [{ title: 'Leaderboard', text, charts: [], tables: [leaderboardTable(board.value, BOARD_PRECISION, `leaderboard${n}`), sidesTable(board.value.rows, `leaderboard${n}-sides`)] }] });
  }
  const strangers = (o.anchors ?? []).filter((e) => !seated.has(e));
  if (strangers.length > 0)
    return err(
      `--anchor ${strangers.join(', ')}: no leaderboard of ${store.path} seats ${strangers.length === 1 ? 'it' : 'them'}; its entrants are ${seated.size === 0 ? 'none' : [...seated].join(', ')} (an anchor is named as the board names it)`,
    );
  return ok(out);
}

/** Two rows of a report's leaderboard are tied within ± this (sim leaderboard's default). */
const BOARD_PRECISION = 0.02;

/** A file of the report could not be written (disk full, no permission, read-only): said to the user, not thrown at them. */
class WriteFailed extends Error {}

/** Writes `text` through a temporary name in the same directory: a failed write leaves no partial file. */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export async function runReport(a: ReportArgs): Promise<Result<ReportOutcome, string>> {
  const out = a.out === undefined ? undefined : checkOut(a.out);
  if (out !== undefined && !out.ok) return out;
  const refs = [];
  for (const t of a.replays) {
    const r = parseGameRef(t);
    if (!r.ok) return r;
    refs.push(r.value);
  }
  if (refs.length > 0 && out === undefined) return err('--replay writes replay pages next to the report: give --out DIR too');
  const compareIds: [number, number][] = [];
  for (const text of a.compare ?? []) {
    const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(text);
    if (m === null) return err(`--compare '${text}' is not RUN:RUN (e.g. --compare 1:2 compares the configurations of runs 1 and 2)`);
    compareIds.push([Number(m[1]), Number(m[2])]);
  }
  const opened = Store.open(a.db, 'read');
  if (!opened.ok) return opened;
  const store = opened.value;
  try {
    const chosen = tournamentsOf(store, a.tournaments);
    if (!chosen.ok) return chosen;
    const runs = a.runs ?? (a.tournaments === undefined ? undefined : [...new Set(chosen.value.flatMap((t) => pairings(store, t.id).map((p) => p.run)))]);
    const source = dbSource(store, { runs });
    if (!source.ok) return source;
    const summaries = summarize(source.value);
    if (!summaries.ok) return summaries;
    const pairs = [];
    for (const [x, y] of compareIds) {
      const [sa, sb] = [x, y].map((id) => summaries.value.find((s) => s.runs.some((r) => r.run === id)));
      if (sa === undefined || sb === undefined) return err(`--compare ${x}:${y}: run ${sa === undefined ? x : y} has no games in ${a.db} (sim runs lists the runs)`);
      pairs.push({ a: sa, b: sb });
    }
    const tournaments = chosen.value.map((t) => tournamentData(store, t));
    // A tournament's pairings are rated in its leaderboard, not analysed one by one (their
    // balance analyses would come first and bury it): left out unless --run names them.
    const pairingRuns = new Set(tournaments.flatMap((t) => t.pairings.map((p) => p.row.run)));
    const own = a.runs === undefined ? summaries.value.filter((s) => !s.runs.every((r) => pairingRuns.has(r.run))) : summaries.value;
    // A game of each pairing, replayed on a page of its own and linked from the tournament's part.
    const pairingRefs: { run: number; game: number; text: string }[] = [];
    if (out !== undefined)
      for (const t of tournaments)
        for (const p of t.pairings) {
          const g = store.firstStored(p.row.run);
          if (g !== undefined) pairingRefs.push({ run: p.row.run, game: g, text: `${pairingText(p.row)}: game ${g} (run ${p.row.run})` });
        }
    const pairingLinks = new Map(pairingRefs.map((r) => [r.run, { href: `game-${r.run}-${r.game}.html`, text: r.text }]));
    const metrics = a.metrics === false ? undefined : (ids: readonly number[]) => storedMetrics(store, ids);
    // The whole file's leaderboards, unless the report is of chosen runs or tournaments.
    const whole = a.runs === undefined && a.tournaments === undefined;
    if (!whole && (a.anchors !== undefined || a.policy !== undefined))
      return err(`--anchor and --policy rank the file's leaderboards, which a report of chosen runs or tournaments leaves out: drop --run and --tournament, or --anchor and --policy`);
    const boards = whole ? boardReports(store, { anchors: a.anchors, policy: a.policy }) : ok([]);
    if (!boards.ok) return boards;
    const report = buildReport(a.db, own, { charts: out !== undefined, pairs, tournaments, pairingLinks, metrics, boards: boards.value });
    // With --out the page holds the report: the terminal gets its outline, not the whole of it again.
    const stdout = a.json ? JSON.stringify(reportJson(report)) + '\n' : out === undefined ? terminalReport(report, a.width, { metrics: a.metricRows }) : outlineReport(report, a.width);
    if (out === undefined) return ok({ stdout, files: [], mismatches: 0 });

    if (refs.length === 0)
      for (const s of own.slice(0, DEFAULT_REPLAYS)) {
        const first = store.firstStored(s.runs[0]!.run);
        if (first !== undefined) refs.push({ run: s.runs[0]!.run, game: first });
      }
    for (const r of pairingRefs) if (!refs.some((x) => x.run === r.run && x.game === r.game)) refs.push({ run: r.run, game: r.game });
    const replays: { ref: { run: number; game: number }; replay: Replay }[] = [];
    for (const ref of refs) {
      const r = await replayStored(store, ref.run, ref.game, { runAgents: a.runAgents === true });
      if (!r.ok) return r;
      replays.push({ ref, replay: r.value });
    }

    const dir = out.value;
    const label = a.out ?? dir;
    const made = makeDir(label, join(dir, 'tables'));
    if (!made.ok) return made;
    const files: string[] = [];
    const write = (name: string, text: string) => {
      try {
        writeAtomic(join(dir, name), text);
      } catch (e) {
        // A full disk or a read-only place is a failed write (exit 5), not a user's mistake.
        if (writeFailureOf(e) !== null) throw Object.assign(e as Error, { path: join(dir, name) });
        throw new WriteFailed(`--out ${label}: cannot write ${join(dir, name)} (${(e as NodeJS.ErrnoException).code ?? String(e)}); the page (index.html) is written last, so the report there is not complete: fix it and run the same command again`);
      }
      files.push(join(dir, name));
    };
    try {
      for (const t of allTables(report)) {
        write(join('tables', `${t.id}.csv`), toCsv(t));
        write(join('tables', `${t.id}.json`), JSON.stringify(toJsonObject(t), null, 1) + '\n');
      }
      write('report.json', JSON.stringify(reportJson(report), null, 1) + '\n');
      const links: ReplayLink[] = [];
      const pageName = (ref: { run: number; game: number }) => `game-${ref.run}-${ref.game}.html`;
      // Each game's page links the one before and the one after, in the report's order.
      const neighbour = (k: number) => {
        const x = replays[k];
        return x === undefined ? undefined : { href: pageName(x.ref), text: `run ${x.ref.run}, game ${x.ref.game}` };
      };
      for (const [k, { ref, replay }] of replays.entries()) {
        const name = pageName(ref);
        const g = replay.game;
        write(
          name,
          g === null
            ? replayHtml(replay.title, replay.transcript, replay.verdict)
            : replayPage({
                title: replay.title,
                lines: replay.lines,
                verdict: replay.verdict,
                matches: replay.matches,
                setup: g.setup,
                log: g.log,
                specs: g.specs,
                notes: g.notes,
                calls: g.calls,
                back: 'index.html',
                previous: neighbour(k - 1),
                next: neighbour(k + 1),
              }),
        );
        links.push({ href: name, text: `${replay.title}: ${replay.verdict}` });
      }
      write('index.html', reportHtml(report, links));
    } catch (e) {
      if (e instanceof WriteFailed) return err(e.message);
      throw e;
    }
    return ok({ stdout, files, mismatches: replays.filter((r) => r.replay.matches === false).length });
  } finally {
    store.close();
  }
}
