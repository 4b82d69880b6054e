// Terminal tables at the terminal's width: at 200 columns nothing of four
// heuristic:fakeClaim=… entrants' names is cut; at 80 their cells wrap, every character
// kept, so the rows are still told apart; widths are display widths (CJK counts two).
// (Before: a fixed 80 columns and `heuristic:fakeClai…` four times.)

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runReport } from '../../commands/report.js';
import { runTournament } from '../../commands/tournament.js';
import { renderTable, wrapCell } from '../../reports/terminal.js';
import { displayWidth, hanging } from '../../narrate/width.js';
import type { Table } from '../../reports/table.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';
import { headerLines } from '../../narrate/transcript.js';

const dir = tempDir('width');
afterAll(() => removeDir(dir));

const ENTRANTS = ['heuristic:fakeClaim=0.1', 'heuristic:fakeClaim=0.2', 'heuristic:fakeClaim=0.4', 'heuristic:fakeClaim=0.5'];

/** The text of each row's cell under the column [from, to), its wrapped lines joined; `starts` tells a row's first line. */
function cellsOf(lines: readonly string[], from: number, to: number, starts: (line: string) => boolean): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const first = starts(l);
    const text = [...l].slice(from, to).join('').trim();
    if (first) out.push(text);
    else if (out.length > 0 && text !== '') out[out.length - 1] += text;
  }
  return out;
}

describe('renderTable', () => {
  const t: Table = {
    id: 't',
    title: 'entrants',
    columns: [
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'rate', title: 'wolves', kind: 'pct' },
      { key: 'note', title: 'note', kind: 'text' },
    ],
    rows: ENTRANTS.map((e, i) => ({ entrant: e, rate: 0.4 + i / 100, note: 'a long note that takes a good part of a line of the table' })),
  };

  it('at 200 columns shows every name whole, on one line', () => {
    const lines = renderTable(t, 200);
    expect(lines.join('\n')).not.toContain('…');
    for (const e of ENTRANTS) expect(lines.some((l) => l.includes(`  ${e}  `))).toBe(true);
    expect(lines.length).toBe(1 + 2 + ENTRANTS.length);
  });

  it('at 40 columns wraps the cells, keeping every character: the rows stay distinguishable', () => {
    const lines = renderTable(t, 40);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(40);
    expect(lines.join('\n')).not.toContain('…');
    const rule = lines.findIndex((l) => l.includes('─'));
    const width = /─+/.exec(lines[rule]!)![0].length;
    const names = cellsOf(lines.slice(rule + 1), 2, 2 + width, (l) => l.includes('%'));
    expect(new Set(names.map((n) => n.replace(/\s+/g, ''))).size).toBe(ENTRANTS.length);
    expect(names.map((n) => n.replace(/\s+/g, '')).sort()).toEqual([...ENTRANTS].sort());
  });

  it('measures display width: a CJK name takes two columns a character, and the columns still line up', () => {
    const cjk: Table = { id: 'c', title: 'names', columns: [{ key: 'n', title: 'name', kind: 'text' }, { key: 'x', title: 'x', kind: 'int' }], rows: [{ n: '狼人', x: 1 }, { n: 'wolf', x: 22 }, { n: 'ｗｏｌｆ', x: 333 }] };
    expect(displayWidth('狼人')).toBe(4);
    expect(displayWidth('ｗｏｌｆ')).toBe(8);
    const lines = renderTable(cjk, 80).slice(1);
    const widths = lines.map(displayWidth);
    expect(new Set(widths).size).toBe(1);
  });

  it.each([
    ['heuristic:fakeClaim=0.1', 12, ['heuristic:', 'fakeClaim=', '0.1']],
    ['abcdefghijkl', 5, ['abcde', 'fghij', 'kl']],
    ['狼人狼人', 4, ['狼人', '狼人']],
    ['claims-unverifiable', 14, ['claims-', 'unverifiable']],
    ['3W+seer+witch+hunter', 10, ['3W+seer+', 'witch+', 'hunter']],
  ])('wrapCell(%s, %i)', (s, w, expected) => expect(wrapCell(s, w)).toEqual(expected));

  it('narrows other columns before cutting a word: a metric name breaks at its hyphen, not inside a word', () => {
    const m: Table = {
      id: 'm',
      title: 'metrics',
      columns: [
        { key: 'metric', title: 'metric', kind: 'text' },
        { key: 'note', title: 'note', kind: 'text' },
      ],
      // The metric is the widest column: narrowing it first (as before) cut its last word.
      rows: [{ metric: 'claims-unverifiableness', note: 'four short words' }],
    };
    const lines = renderTable(m, 34);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(34);
    const words = lines.join(' ').split(/\s+/);
    expect(words).toContain('unverifiableness');
    expect(words.some((w) => w === 'claims-' || w === 'claims-unverifiableness')).toBe(true);
  });
});

describe('sim tournament and sim report with four fakeClaim entrants', () => {
  it('cut no entrant’s name at 200 columns, and keep the rows distinguishable at 80', async () => {
    const db = join(dir, 't.db');
    const base = { db, mode: 'side', agents: ENTRANTS, rules: [], seed: 'w', games: 10, workers: 0, concurrency: 4, json: false } as const;
    const wide = await runTournament({ ...base, width: 200 });
    if (!wide.ok) throw new Error(wide.error);
    const narrow = await runTournament({ ...base, width: 80 });
    if (!narrow.ok) throw new Error(narrow.error);
    const report = await runReport({ db, json: false, replays: [], width: 200 });
    if (!report.ok) throw new Error(report.error);
    for (const text of [wide.value.stdout, report.value.stdout]) {
      expect(text).not.toContain('…');
      for (const l of text.split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(200);
      // Every line that names an entrant names it whole.
      for (const l of text.split('\n')) if (/fakeClaim=/.test(l)) expect(l).toMatch(/heuristic:fakeClaim=0\.\d/);
      for (const e of ENTRANTS) expect(text).toContain(e);
    }
    const lines = narrow.value.stdout.split('\n');
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    expect(narrow.value.stdout).not.toContain('…');
    // The leaderboard comes first, and its four rows name four different entrants once the wrapped lines are joined.
    const at = lines.findIndex((l) => /^ {2}# .*entrant/.test(l));
    const head = lines[at]!;
    const board = lines.slice(at + 2);
    const rows = board.slice(0, board.findIndex((l) => !/^ {2}(\d| {2})/.test(l)));
    // The entrant's column: from its title to the next column's.
    const from = head.indexOf('entrant');
    const to = from + 'entrant'.length + head.slice(from + 'entrant'.length).search(/\S/);
    const names = cellsOf(rows, from, to, (l) => /^ {2}\d/.test(l)).map((n) => n.replace(/\s+/g, ''));
    expect(names.sort()).toEqual([...ENTRANTS].sort());
  });
});

describe('hanging', () => {
  it('wraps under the text, keeps the spaces that set fields apart, and breaks only at spaces', () => {
    const lines = hanging('  run 1  ', '2026-12-05 14:17  seed 1  code dcdbce3dab57e66a (ad1bf90)  8 players werewolf=2,villager=5,seer  standard', { width: 60, indent: 9 });
    expect(lines).toEqual([
      '  run 1  2026-12-05 14:17  seed 1  code dcdbce3dab57e66a',
      '         (ad1bf90)  8 players werewolf=2,villager=5,seer',
      '         standard',
    ]);
    // Display widths: a CJK character takes two columns.
    expect(hanging('- ', '狼人 狼人 狼人 狼人', { width: 12 })).toEqual(['- 狼人 狼人', '  狼人 狼人']);
    // A word wider than the line keeps a line of its own, whole.
    expect(hanging('  ', 'a ' + 'x'.repeat(30) + ' b', { width: 20 })).toEqual(['  a', '  ' + 'x'.repeat(30), '  b']);
  });
});

describe('the listings fit 80 columns', () => {
  it.each([['agents'], ['presets'], ['rules'], ['runs'], ['--help'], ['tournament --help']])('sim %s', async (command) => {
    const db = join(dir, 'listed.db');
    if (command === 'runs') expect((await sim(['--games', '20', '--agents', 'heuristic', '--db', db], dir)).code).toBe(0);
    const r = await sim(command === 'runs' ? ['runs', '--db', db] : command.split(' '), dir);
    expect(r.code).toBe(0);
    // Over 80 only where one word (a rule's list of values, commas and no space) is wider than the line.
    const wide = r.stdout.split('\n').filter((l) => displayWidth(l) > 80);
    for (const l of wide) expect(l.trim()).not.toContain(' ');
    expect(wide.length).toBeLessThanOrEqual(2);
  });
});

describe("a transcript's header", () => {
  it('is broken after a " ·" within 80 columns, every part kept', () => {
    const line = `Seats: ${Array.from({ length: 18 }, (_, i) => `P${i + 1} ${i % 3 === 0 ? 'werewolf' : 'villager'}`).join(' · ')}`;
    const lines = headerLines(line);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines.join('\n').replace(/ ·\n {4}/g, ' · ')).toBe(line);
  });
});
