// The report from games played in memory: the counts add up, the balance picks the
// closest mix, every chart has the marks its data call for, the terminal fits 80
// columns, and CSV/JSON hold every table shown.

import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { summarize, type ConfigSummary } from '../../reports/analysis.js';
import { CAUSE_TITLES } from '../../reports/analysis-tables.js';
import { balanceByPlayers, heatCells, heatTable } from '../../reports/balance.js';
import { deathChart, heatmapChart, lengthChart, roleValueChart, winRateChart } from '../../reports/charts.js';
import { toCsv, toJsonObject } from '../../reports/export.js';
import { reportHtml } from '../../reports/html.js';
import { memorySource } from '../../reports/records.js';
import { allTables, buildReport, mixRates, type Report } from '../../reports/report.js';
import { terminalReport } from '../../reports/terminal-report.js';
import type { Row } from '../../reports/table.js';
import { clusteredMean } from '../../stats/cluster-mean.js';
import { meanInterval, t975 } from '../../stats/mean.js';
import { wilson } from '../../stats/wilson.js';
import { playConfig, type PlayedConfig } from '../helpers/played.js';

const GAMES = 60;
let played: PlayedConfig[];
let summaries: ConfigSummary[];
let report: Report;

beforeAll(() => {
  played = [];
  for (const n of [8, 10]) for (const w of [1, 2, 3]) played.push(playConfig({ preset: 'standard', players: n, roles: `werewolf=${w},seer,villager=${n - w - 1}` }, GAMES));
  played.push(playConfig({ preset: 'standard', players: 8, roles: 'werewolf=2,seer,cupid,witch,hunter,villager=2' }, GAMES));
  const s = summarize(memorySource('memory', played));
  if (!s.ok) throw new Error(s.error);
  summaries = s.value;
  report = buildReport('memory', summaries, { charts: true });
});

/** RFC 4180 rows (quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

/** The elements of the first mark of a kind. */
function firstMark(svg: string, label: string, element: string): number {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return document.querySelector(`g[aria-label="${label}"]`)!.querySelectorAll(element).length;
}

/** The marks of one kind in an SVG (Plot names each mark's group by aria-label). */
function marks(svg: string, label: string, element: string): number {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return Array.from(document.querySelectorAll(`g[aria-label="${label}"]`)).reduce((n, g) => n + g.querySelectorAll(element).length, 0);
}

describe('summaries', () => {
  it('count every game and every seat once', () => {
    expect(summaries).toHaveLength(7);
    for (const s of summaries) {
      expect(s.games).toBe(GAMES);
      expect(Object.values(s.wins).reduce((a, b) => a + b, 0)).toBe(GAMES);
      let seats = 0;
      for (const [role, t] of s.roles) {
        expect(t.dealt).toBe(GAMES * (s.counts.get(role) ?? 0));
        seats += t.dealt;
      }
      expect(seats).toBe(GAMES * s.config.players);
      expect([...s.days.values()].reduce((a, b) => a + b, 0)).toBe(GAMES);
    }
  });

  it("give each configuration's mean game length with the 95% interval of its games' days, in both tables that show it", () => {
    const conf = allTables(report).find((t) => t.id === 'configurations')!;
    const length = allTables(report).find((t) => t.id === 'length')!;
    for (const p of played) {
      const days = p.games.map((g) => g.days);
      const m = meanInterval({ n: days.length, sum: days.reduce((a, d) => a + d, 0), squares: days.reduce((a, d) => a + d * d, 0) });
      expect(m.high! - m.low!).toBeGreaterThan(0);
      const c = conf.rows.find((r) => r['deck'] === p.config.deck && r['players'] === p.config.players)!;
      expect([c['mean_days'], c['mean_days_low'], c['mean_days_high']]).toEqual([m.mean, m.low, m.high]);
      const l = length.rows.find((r) => r['deck'] === p.config.deck && r['players'] === p.config.players)!;
      expect([l['mean'], l['mean_low'], l['mean_high']]).toEqual([m.mean, m.low, m.high]);
    }
  });

  it('a werewolf wins exactly when the wolves win (no cupid in the mix)', () => {
    const s = summaries.find((x) => x.config.deck === 'werewolf=2,villager=5,seer')!;
    expect(s.roles.get('werewolf')!.won).toBe(2 * s.wins.werewolves);
    expect(s.roles.get('villager')!.won).toBe(5 * s.wins.village);
  });

  it("each role's win rate with an interval that takes the game as the unit: worked by hand from the games, no narrower for 5 villagers a game than for the one seer", () => {
    const roles = allTables(report).find((t) => t.id === 'roles')!;
    for (const p of played) {
      for (const role of new Set(p.games.flatMap((g) => g.seats.map((x) => x.dealt)))) {
        const cells = p.games.map((g) => {
          const mine = g.seats.filter((x) => x.dealt === role);
          return { sum: mine.filter((x) => x.won).length, count: mine.length };
        });
        const m = clusteredMean(cells);
        const half = t975(m.clusters - 1) * m.se!;
        const row = roles.rows.find((r) => r['deck'] === p.config.deck && r['players'] === p.config.players && r['role'] === role)!;
        expect(row['wins']).toBeCloseTo(m.mean, 12);
        expect(row['wins_low']).toBeCloseTo(Math.max(0, m.mean - half), 12);
        expect(row['wins_high']).toBeCloseTo(Math.min(1, m.mean + half), 12);
      }
    }
    // 004's 8: the villagers and the seer win exactly together, so their intervals are one (a
    // binomial interval over the 300 villagers would be some √5 narrower than over the 60 seers).
    const at8 = (role: string) => roles.rows.find((r) => r['deck'] === 'werewolf=2,villager=5,seer' && r['role'] === role)!;
    const width = (r: Row) => (r['wins_high'] as number) - (r['wins_low'] as number);
    expect(width(at8('villager'))).toBeCloseTo(width(at8('seer')), 12);
  });

  it('how each role ended, every share with an interval that takes the game as the unit, worked by hand from the games; the chart has a bar per row', () => {
    const deaths = allTables(report).find((t) => t.id === 'deaths')!;
    const games = played.flatMap((p) => p.games);
    for (const row of deaths.rows) {
      const fate = Object.entries(CAUSE_TITLES).find(([, title]) => title === row['fate'])![0];
      const cells = games.map((g) => {
        const mine = g.seats.filter((x) => x.role === row['role']);
        return { sum: mine.filter((x) => (x.death === null ? 'survived' : x.death.cause) === fate).length, count: mine.length };
      });
      const m = clusteredMean(cells);
      const half = t975(m.clusters - 1) * m.se!;
      expect(row['players']).toBe(m.n);
      expect(row['share']).toBeCloseTo(m.mean, 12);
      expect(row['share_low']).toBeCloseTo(Math.max(0, m.mean - half), 12);
      expect(row['share_high']).toBeCloseTo(Math.min(1, m.mean + half), 12);
    }
    expect(deaths.rows.length).toBeGreaterThan(10);
    const chart = report.groups[0]!.sections.find((x) => x.title === 'Causes of death')!.charts[0]!;
    expect(marks(chart, 'bar', 'rect')).toBe(deaths.rows.length);
  });

  it('an empty source is an error that says what to do', () => {
    const r = summarize(memorySource('empty.db', []));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/holds no games: play some first/);
  });
});

describe('balance', () => {
  it('picks the mix closest to 50% per player count and places the documents’ rows', () => {
    const b = balanceByPlayers(mixRates(summaries));
    expect(b.map((p) => p.players)).toEqual([8, 10]);
    for (const p of b) {
      const best = Math.min(...p.mixes.map((m) => Math.abs(m.rate - 0.5)));
      expect(Math.abs(p.closest.rate - 0.5)).toBe(best);
    }
    const eight = b[0]!;
    expect(eight.documents.map((d) => d.document)).toEqual(['001', '004']);
    expect(eight.documents[0]!.mix?.config.deck).toBe('werewolf=2,villager=2,seer,witch,hunter,cupid');
    expect(eight.documents[1]!.mix?.config.deck).toBe('werewolf=2,villager=5,seer');
    const ten = b[1]!;
    // 001's 10-player row (with a guard) was not played.
    expect(ten.documents.find((d) => d.document === '001')!.mix).toBeNull();
  });
});

describe('charts', () => {
  it('the win-rate chart has one dot per point, one line and one band per series', () => {
    const points = [
      { series: 'a', players: 8, rate: 0.4, low: 0.3, high: 0.5, games: 10 },
      { series: 'a', players: 9, rate: 0.45, low: 0.35, high: 0.55, games: 10 },
      { series: 'a', players: 10, rate: 0.5, low: 0.4, high: 0.6, games: 10 },
      { series: 'b', players: 8, rate: 0.6, low: 0.5, high: 0.7, games: 10 },
      { series: 'b', players: 10, rate: 0.7, low: 0.6, high: 0.8, games: 10 },
    ];
    const svg = winRateChart(points, 't');
    expect(marks(svg, 'dot', 'circle')).toBe(5);
    expect(marks(svg, 'line', 'path')).toBe(2);
    // A document's table is drawn as a line of its own (thick, dashed).
    const withTable = winRateChart([...points, { series: 'table 004', players: 8, rate: 0.3, low: 0.2, high: 0.4, games: 10 }, { series: 'table 004', players: 10, rate: 0.3, low: 0.2, high: 0.4, games: 10 }], 't');
    expect(marks(withTable, 'line', 'path')).toBe(3);
    expect(withTable).toMatch(/stroke-dasharray="7,4"/);
    expect(marks(svg, 'area', 'path')).toBe(2);
    expect(svg).not.toMatch(/<script|@import|url\(http/);
  });

  it("the heat-map's table holds each cell's Wilson interval in its files, and its note says where people find it", () => {
    const cells = heatCells(balanceByPlayers(mixRates(summaries))).filter((c) => c.extras === 'seer');
    const t = heatTable(cells, 'seer', 'heat');
    for (const c of cells) {
      const row = t.rows.find((r) => r['players'] === c.players)!;
      const s = summaries.find((x) => x.config.players === c.players && x.counts.get('werewolf') === c.wolves && x.counts.size === 3)!;
      const ci = wilson(s.wins.village, s.games);
      expect([row[`w${c.wolves}`], row[`w${c.wolves}_low`], row[`w${c.wolves}_high`]]).toEqual([s.wins.village / s.games, ci.low, ci.high]);
    }
    expect(t.notes!.join(' ')).toMatch(/95% Wilson interval: its mix’s row in the table of every mix played/);
  });

  it('the heat-map has one cell and one label per mix', () => {
    const cells = heatCells(balanceByPlayers(mixRates(summaries))).filter((c) => c.extras === 'seer');
    expect(cells).toHaveLength(6);
    const svg = heatmapChart(cells, 't');
    expect(firstMark(svg, 'cell', 'rect')).toBe(6);
    // The 004 rows (2 wolves + seer at 8 and 10 players) are outlined.
    expect(marks(svg, 'cell', 'rect')).toBe(6 + 2);
    expect(marks(svg, 'text', 'text')).toBe(6);
  });

  it('the role-value chart has a dot per role, a bar per interval and a diamond per published weight', () => {
    const svg = roleValueChart(
      [
        { role: 'werewolf', value: -7, low: -9, high: -5, ultimate: -6 },
        { role: 'villager', value: 1, low: null, high: null, ultimate: 1 },
        { role: 'little-girl', value: 0.5, low: -1, high: 2, ultimate: null },
      ],
      't',
    );
    expect(marks(svg, 'dot', 'circle')).toBe(3);
    expect(marks(svg, 'dot', 'path')).toBe(2); // diamonds are paths
    expect(marks(svg, 'rule', 'line')).toBe(1 + 2); // the zero line and two intervals
  });

  it('the length chart has a dot per point and a bar per interval (none below 2 games)', () => {
    const svg = lengthChart(
      [
        { series: 'a', players: 8, mean: 4.1, low: 3.9, high: 4.3 },
        { series: 'a', players: 10, mean: 5.2, low: 5, high: 5.4 },
        { series: 'b', players: 8, mean: 3, low: null, high: null },
      ],
      't',
    );
    expect(marks(svg, 'dot', 'circle')).toBe(3);
    expect(marks(svg, 'rule', 'line')).toBe(2);
  });

  it('the death chart stacks one bar per role and fate', () => {
    const svg = deathChart(
      [
        { role: 'seer', fate: 'wolves', share: 0.6 },
        { role: 'seer', fate: 'survived', share: 0.4 },
        { role: 'werewolf', fate: 'vote', share: 0.5 },
        { role: 'werewolf', fate: 'survived', share: 0.5 },
      ],
      ['wolves', 'vote', 'survived'],
      't',
    );
    expect(marks(svg, 'bar', 'rect')).toBe(4);
  });
});

describe('the report', () => {
  it('renders an HTML page with no external resource, every table and its files', () => {
    const html = reportHtml(report, [{ href: 'game-1-0.html', text: 'run 1, game 0' }]);
    const { document } = parseHTML(html);
    expect(document.querySelectorAll('script').length).toBe(0);
    expect(html).not.toMatch(/<link|src="http|href="http|@import/);
    const tables = allTables(report);
    expect(document.querySelectorAll('table').length).toBe(tables.length);
    for (const t of tables) {
      expect(document.querySelector(`a[href="tables/${t.id}.csv"]`)).not.toBeNull();
      expect(document.querySelector(`#table-${t.id} tbody`)!.querySelectorAll('tr').length).toBe(t.rows.length);
    }
    // Charts: the win rate by player count, a heat-map per extras family with more than one cell,
    // role values, mean length, length histogram, causes of death.
    const charts = Array.from(document.querySelectorAll("div.chart"));
    expect(charts.length).toBeGreaterThanOrEqual(5);
    for (const c of charts) expect(c.querySelector('svg')).not.toBeNull();
    expect(document.querySelector('a[href="game-1-0.html"]')).not.toBeNull();
    // Same data, same page, byte for byte (no clock, no random ids).
    expect(reportHtml(buildReport('memory', summaries, { charts: true }), [{ href: 'game-1-0.html', text: 'run 1, game 0' }])).toBe(html);
  });

  it('the terminal report fits in 80 columns and holds every table', () => {
    const text = terminalReport(buildReport('memory', summaries, { charts: false }));
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    for (const t of allTables(report)) expect(text).toContain(t.title.slice(0, 40));
  });

  it('CSV and JSON hold every row with full-precision numbers', () => {
    for (const t of allTables(report)) {
      const csv = toCsv(t).trimEnd().split('\r\n');
      expect(csv).toHaveLength(t.rows.length + 1);
      const json = toJsonObject(t) as { rows: Record<string, unknown>[] };
      expect(json.rows).toHaveLength(t.rows.length);
      expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    }
    const conf = allTables(report).find((t) => t.id === 'configurations')!;
    const [header, first] = parseCsv(toCsv(conf)) as [string[], string[]];
    expect(first[header.indexOf('deck')]).toBe(conf.rows[0]!['deck']); // quoted: it holds commas
    const row = conf.rows[0]!;
    expect(Number(first[header.indexOf('village')])).toBe(row['village']);
    expect(Number(first[header.indexOf('village_low')])).toBe(row['village_low']);
  });
});
