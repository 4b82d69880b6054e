// What the agents of a game share, they share through the game's context
// (agents/game-context.ts), never through a module: the heuristic seats of one game find
// one public record, those of another game another, however many games are in flight
// at once; and no module of agents/ keeps state of its own.

import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameContext, type SharedKey } from '../../agents/game-context.js';
import { HeuristicAgent } from '../../agents/heuristic/agent.js';
import { SHARED_RECORDS } from '../../agents/heuristic/shared.js';
import { playAsync, playSync } from '../../agents/play.js';
import { parseSeating, seatAgents, type Seating } from '../../agents/registry.js';
import type { Agent } from '../../agents/types.js';
import { Game, gameSeed, resolveSetup, type GameSetup } from '../../engine/index.js';

const setup = resolveSetup({ preset: 'standard', players: 8 });
const seatingOf = (agents: string[]): Seating => {
  const s = parseSeating(agents);
  if (!s.ok) throw new Error(s.error);
  return s.value;
};
const standard = (): GameSetup => {
  if (!setup.ok) throw new Error(setup.error);
  return setup.value;
};

/** The village views (one per trust knob) the heuristic seats that have decided found in their public record, by seat. */
function recordViews(agents: readonly Agent[]): object[] {
  const out: object[] = [];
  for (const a of agents) {
    if (!(a instanceof HeuristicAgent)) continue;
    const b = a.b as HeuristicAgent['b'] | null;
    if (b !== null) out.push(b.sharedVillageView());
  }
  return out;
}

describe('the game context', () => {
  it('makes a kind\'s records once per game, on first use, and each game its own', () => {
    let made = 0;
    const key: SharedKey<{ readonly id: number }> = { name: 'test', make: () => ({ id: made++ }) };
    const one = new GameContext();
    const other = new GameContext();
    expect(made).toBe(0);
    expect(one.shared(key)).toBe(one.shared(key));
    expect(other.shared(key)).not.toBe(one.shared(key));
    expect(made).toBe(2);
  });

  it('gives the heuristic seats of one game one public record, and two games two, one game after the other', () => {
    const seating = seatingOf(['heuristic', '2=heuristic:trust=0.3', '3=random']);
    const seen: object[][] = [];
    for (let i = 0; i < 20; i++) {
      const g = new Game(standard(), gameSeed('context', i));
      const { agents } = seatAgents(seating, g.state.seats.map((s) => s.dealt));
      playSync(g, agents);
      // Seat 2's own knob gives it its own village view; the others share one (of one record).
      const views = recordViews(agents.filter((_, seat) => seat !== 1));
      expect(views.length).toBeGreaterThan(3);
      expect(new Set(views).size).toBe(1);
      seen.push(views);
    }
    expect(new Set(seen.map((v) => v[0])).size).toBe(20);
  });

  it('keeps each game\'s record to its own seats with a dozen games in flight at once (playAsync)', async () => {
    const seating = seatingOf(['heuristic']);
    const games = Array.from({ length: 12 }, (_, i) => new Game(standard(), gameSeed('in-flight', i)));
    const seated = games.map((g) => seatAgents(seating, g.state.seats.map((s) => s.dealt)).agents);
    await Promise.all(games.map((g, i) => playAsync(g, seated[i]!)));
    const firsts = new Set<object>();
    for (const agents of seated) {
      const views = recordViews(agents);
      expect(views.length).toBeGreaterThan(3);
      expect(new Set(views).size).toBe(1);
      firsts.add(views[0]!);
    }
    expect(firsts.size).toBe(12);
    // And the games are those played one at a time.
    for (let i = 0; i < games.length; i++) {
      const alone = new Game(standard(), gameSeed('in-flight', i));
      playSync(alone, seatAgents(seating, alone.state.seats.map((s) => s.dealt)).agents);
      expect(JSON.stringify(alone.log)).toBe(JSON.stringify(games[i]!.log));
    }
  });

  it('is the one a caller gives seatAgents, when it gives one', () => {
    const game = new GameContext();
    const g = new Game(standard(), gameSeed('given', 0));
    const { agents } = seatAgents(seatingOf(['heuristic']), g.state.seats.map((s) => s.dealt), { game });
    playSync(g, agents);
    const views = recordViews(agents);
    expect(views.length).toBeGreaterThan(3);
    expect(views[0]).toBe(game.shared(SHARED_RECORDS).publicRecord(8).villageView(0.8));
  });
});

/** The TypeScript sources under `dir`. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`.replace(/\/+/g, '/');
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

const TYPED_ARRAY = /^new (Big)?(Ui|I)nt(8|16|32|64)(Clamped)?Array\b|^new Float(32|64)Array\b/;

/**
 * What in a module's top level can hold state: a `let` or `var`; an object made by
 * `new`, an array, or a Record, not typed read-only (a typed array cannot be); a static
 * field not read-only. (Read line by line: a guard against the usual forms, not a proof.) Constants typed read-only (`readonly T[]`, `ReadonlySet`,
 * `Readonly<Record<…>>`, `as const`) pass: the compiler refuses every write to them.
 */
function moduleState(text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const at = `line ${i + 1}: ${line.trim()}`;
    if (/^(export )?(let|var) /.test(line)) found.push(at);
    if (/^\s+(private |protected |public )?static (?!readonly)\w+\s*[:=]/.test(line)) found.push(at);
    const m = /^(?:export )?const \w+\s*(?::\s*((?:[^=]|=>)+?))?\s*=(?!>)\s*(.*)$/.exec(line);
    if (m === null) return;
    const type = (m[1] ?? '').trim();
    const init = (m[2] ?? '').trim();
    const readonlyType = /^(readonly |Readonly)/.test(type);
    // The whole statement (through its closing line back at the margin), for a trailing `as const`.
    let statement = init;
    for (let j = i + 1; j < lines.length && /^(\s|[\]})])/.test(lines[j]!); j++) {
      statement += lines[j];
      if (/^[\]})]/.test(lines[j]!)) break;
    }
    const asConst = /\bas const;?\s*$/.test(statement.trim());
    // A function: what it makes, it makes per call.
    if (/^(async\s*)?(\([^)]*\)|\w+)(\s*:\s*[^=]+)?\s*=>|^function\b/.test(init)) return;
    if (TYPED_ARRAY.test(init)) found.push(at);
    else if (/^new \w+/.test(init) && !readonlyType) found.push(at);
    else if (/^\[|^Array\.from\(|\.(map|filter|slice)\(/.test(init) && !readonlyType && !asConst) found.push(at);
    else if (/\bRecord</.test(type) && !readonlyType) found.push(at);
  });
  return found;
}

describe('agents/ keeps no state in its modules', () => {
  it('no top-level let, no object made by new, array or Record not typed read-only, no mutable static field', () => {
    const root = fileURLToPath(new URL('../../agents/', import.meta.url));
    const files = sources(root);
    expect(files.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const f of files) for (const s of moduleState(readFileSync(f, 'utf8'))) found.push(`${relative(root, f)} ${s}`);
    expect(found).toEqual([]);
  });

  it.each([
    ['let next = 0;'],
    ['const parsed = new Map<string, number>();'],
    ['const TALLY = new Uint16Array(30);'],
    ['const KEYS = SPECS.map((s) => s.key);'],
    ['const ONE = new SharedRecords();'],
    ['export const seen: number[] = [];'],
    ['const CARD: Record<string, number> = {'],
    ['const TEXT: Record<string, (t: number) => string> = {'],
    ['class A {\n  static count = 0;\n}'],
  ])('finds state in %j', (text) => {
    expect(moduleState(text)).toHaveLength(1);
  });

  it.each([
    ['const NO_SEATS: readonly number[] = [];'],
    ["export const PROVIDERS = ['openai', 'anthropic'] as const;"],
    ["const KINDS = [\n  'a',\n  'b',\n] as const;"],
    ['const CARD: Readonly<Record<string, number>> = {'],
    ['const TEXT: Readonly<Record<string, (t: number) => string>> = {'],
    ['const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;'],
    ['const players = (n: number): string[] => Array.from({ length: n }, (_, i) => P(i));'],
    ["const UNIQUE: ReadonlySet<string> = new Set(['a']);"],
    ['class A {\n  static readonly max = 3;\n  static of(x: number): A {\n    return new A();\n  }\n}'],
  ])('lets a constant pass: %j', (text) => {
    expect(moduleState(text)).toEqual([]);
  });
});
