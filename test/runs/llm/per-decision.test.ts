// Tokens per decision (#24): the decisions a model's seats owed are kept with each game's
// usage, summed per model, and printed as tokens per decision; a record made before they
// were counted reads as unknown, never as zero, and is not rewritten by reading.

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LlmStore } from '../../../runs/llm/store.js';
import { modelLines, tokensPerDecision } from '../../../scripts/cli/llm-summary.js';
import { must, tempDir } from '../../helpers/llm.js';

const row = { spec: 'openai:gpt-4o-mini', calls: 30, cachedCalls: 0, inputTokens: 9000, outputTokens: 600, cost: 0.01, invalid: 2, fallbacks: 1 };

/** The cell of `title`'s column in `spec`'s row, as printed (the row under the name when the name has a line of its own). */
function cellOf(lines: readonly string[], title: string, spec: string): string {
  const head = lines.find((l) => l.includes(` ${title}`))!;
  const end = head.indexOf(title) + title.length;
  const at = lines.findIndex((l) => l.startsWith(`  ${spec}`));
  const values = lines[at]!.trim() === spec ? lines[at + 1]! : lines[at]!;
  return values.slice(0, end).split(' ').pop()!;
}

describe('the model table', () => {
  it('gives prompt and answer tokens per decision owed', () => {
    expect(tokensPerDecision({ ...row, decisions: 24 })).toBe(400);
    expect(cellOf(modelLines([{ ...row, decisions: 24 }], 'cost'), 'tok/dec', row.spec)).toBe('400');
    expect(cellOf(modelLines([{ ...row, decisions: 24 }], 'cost'), 'prompt tok', row.spec)).toBe('9,000');
  });

  it.each([
    ['not counted then', null],
    ['none', 0],
  ])('shows ? when the decisions are %s', (_what, decisions) => {
    expect(cellOf(modelLines([{ ...row, decisions }], 'cost'), 'tok/dec', row.spec)).toBe('?');
  });

  it('gives dollars per game over the games each model sat in; ? where unknown', () => {
    const games = (spec: string) => (spec === row.spec ? 4 : 0);
    const other = { ...row, spec: 'anthropic:claude-haiku-4-5' };
    const lines = modelLines([{ ...row, decisions: 24 }, { ...other, decisions: 24 }, { ...row, spec: 'x:unpriced', cost: null, decisions: 24 }], 'cost', (s) => (s === 'x:unpriced' ? 4 : games(s)));
    expect(lines).toContain('  $/game   $0.0025  openai:gpt-4o-mini (4 games)');
    expect(lines).toContain('  $/game         ?  anthropic:claude-haiku-4-5 (0 games)');
    expect(lines).toContain('  $/game         ?  x:unpriced (4 games)');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(modelLines([{ ...row, decisions: 24 }], 'cost').join('\n')).not.toContain('$/game');
  });

  it("has no such column where decisions are not known (a session's live totals)", () => {
    const { invalid: _i, fallbacks: _f, ...live } = row;
    expect(modelLines([live], 'paid').join('\n')).not.toContain('tok/dec');
  });

  it('fits 80 columns: a name that does not fit beside the numbers gets a line of its own', () => {
    const long = { ...row, spec: 'compatible:meta-llama/Llama-3.3-70B-Instruct@http://127.0.0.1:8000/v1', decisions: 24 };
    const lines = modelLines([long, { ...row, decisions: 24 }], 'cost');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lines).toContain(`  ${long.spec}`);
    expect(cellOf(lines, 'tok/dec', long.spec)).toBe('400');
    // Without the seats' columns a short name stays on its numbers' line.
    const { invalid: _i, fallbacks: _f, ...live } = row;
    const short = modelLines([live], 'paid');
    expect(short.some((l) => l.startsWith('  openai:gpt-4o-mini ') && l.includes('9,000'))).toBe(true);
    expect(Math.max(...short.map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});

describe('the record', () => {
  /** A record as made before decisions were counted: llm_usage without the column, one game in it. */
  function oldRecord(path: string): void {
    const db = new Database(path);
    db.exec(`CREATE TABLE llm_calls (key TEXT PRIMARY KEY, provider TEXT NOT NULL, model TEXT NOT NULL, sample TEXT NOT NULL, request BLOB NOT NULL,
               status TEXT NOT NULL, response BLOB, error TEXT, input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, cost REAL,
               attempts INTEGER NOT NULL, latency_ms INTEGER NOT NULL, run TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1);
             CREATE TABLE llm_usage (game TEXT NOT NULL, seat INTEGER NOT NULL, spec TEXT NOT NULL, calls INTEGER NOT NULL, cached_calls INTEGER NOT NULL,
               input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, cost REAL, new_cost REAL NOT NULL, invalid INTEGER NOT NULL,
               fallbacks INTEGER NOT NULL, PRIMARY KEY (game, seat));
             INSERT INTO llm_usage VALUES ('r/0', 1, 'openai:gpt-4o-mini', 5, 0, 500, 50, 0.001, 0.001, 0, 0);`);
    db.close();
  }

  it('reads an older record\'s games as not counted, and leaves it as it was', () => {
    const t = tempDir();
    oldRecord(t.file('old.db'));
    const db = new Database(t.file('old.db'));
    const store = must(LlmStore.attach(db, 'read'));
    expect(store.usage('r/0')[0]!.decisions).toBeNull();
    expect(store.usageByPrefix('r/')[0]!.decisions).toBeNull();
    expect((db.prepare("SELECT name FROM pragma_table_info('llm_usage')").pluck().all() as string[]).includes('decisions')).toBe(false);
    db.close();
  });

  it('adds the column when opened to write: old games stay unknown, new ones keep their count', () => {
    const t = tempDir();
    oldRecord(t.file('old.db'));
    const store = must(LlmStore.open(t.file('old.db')));
    store.saveGame('r/1', [], [{ seat: 2, spec: 'openai:gpt-4o-mini', calls: 7, cachedCalls: 0, inputTokens: 700, outputTokens: 70, cost: 0.002, newCost: 0.002, invalid: 1, fallbacks: 0, decisions: 6 }]);
    expect(store.usageByPrefix('r/').map((u) => [u.game, u.decisions])).toEqual([['r/0', null], ['r/1', 6]]);
    store.close();
  });
});
