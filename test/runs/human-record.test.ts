// The answers people gave at the table, kept in the results file (runs/human-record.ts):
// read back after the file is closed and opened again, kept apart per game, and read as
// untrusted — a row that is not an answer is no answer (the person is asked again).
//
// Can fail: tried — `keep` writing the seat's person instead of the answer, and
// `givenFromJson` taking any object as an answer: rows below fail. A write that fails
// while a person answers is the file's failure: the game stops, the person not charged.

import { afterAll, describe, expect, it, test } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { givenFromJson, StoredHumanRecord } from '../../runs/human-record.js';
import { FileFailure } from '../../runs/db-file.js';
import { HumanAgent, type HumanDesk } from '../../agents/human/agent.js';
import { playAsync } from '../../agents/play.js';
import { randomAnswer } from '../../agents/random.js';
import type { Agent } from '../../agents/types.js';
import { Game, gameSeed, resolveSetup, Rng, type Answer } from '../../engine/index.js';
import { Store } from '../../runs/storage.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('human-record');
afterAll(() => removeDir(dir));

function open(path: string): Store {
  const s = Store.open(path, 'write');
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

describe('the answers kept in the results file', () => {
  it('are read back after the file is closed and opened again, per game', () => {
    const path = join(dir, 'kept.db');
    const people = new Map([[2, 'alice']]);
    const store = open(path);
    const record = store.humanRecord('table:one', people);
    record.keep(2, 0, { answer: { kind: 'vote', target: 5 } });
    record.keep(2, 1, { forfeit: 'no answer within 30 s' });
    expect(record.size).toBe(2);
    store.close();

    const again = open(path);
    const kept = again.humanRecord('table:one', people);
    expect(kept.given(2, 0)).toEqual({ answer: { kind: 'vote', target: 5 } });
    expect(kept.given(2, 1)).toEqual({ forfeit: 'no answer within 30 s' });
    expect(kept.given(2, 2)).toBeUndefined();
    expect(kept.given(3, 0)).toBeUndefined();
    expect(again.humanRecord('table:two', people).given(2, 0)).toBeUndefined();
    again.close();
    const row = new Database(path, { readonly: true }).prepare("SELECT person FROM human_answers WHERE game = 'table:one' AND n = 0").pluck().get();
    expect(row).toBe('alice');
  });

  it('a damaged row is no answer, and the answer given again replaces it', () => {
    const path = join(dir, 'damaged.db');
    const store = open(path);
    const record = store.humanRecord('table:d', new Map([[0, '']]));
    record.keep(0, 0, { answer: { kind: 'vote', target: null } });
    store.close();
    const db = new Database(path);
    db.prepare("UPDATE human_answers SET given = '{\"answer\": 5' WHERE n = 0").run();
    db.close();
    const again = open(path);
    const kept = again.humanRecord('table:d', new Map([[0, '']]));
    expect(kept.given(0, 0)).toBeUndefined();
    kept.keep(0, 0, { answer: { kind: 'vote', target: null } });
    expect(kept.given(0, 0)).toEqual({ answer: { kind: 'vote', target: null } });
    again.close();
  });
});

describe('a stored answer read as untrusted', () => {
  const cases: [string, string, unknown][] = [
    ['an answer', '{"answer":{"kind":"vote","target":3}}', { answer: { kind: 'vote', target: 3 } }],
    ['a forfeit', '{"forfeit":"no answer within 10 s"}', { forfeit: 'no answer within 10 s' }],
    ['not JSON', 'not json', undefined],
    ['null', 'null', undefined],
    ['an array', '[1,2]', undefined],
    ['an answer without a kind', '{"answer":{"target":3}}', undefined],
    ['an answer that is a string', '{"answer":"vote"}', undefined],
    ['an answer that is an array', '{"answer":[{"kind":"vote"}]}', undefined],
    ['a forfeit that is a number', '{"forfeit":5}', undefined],
    ['an answer with beliefs', '{"answer":{"kind":"vote","target":3},"beliefs":[null,0.7]}', { answer: { kind: 'vote', target: 3 }, beliefs: [null, 0.7] }],
    ['beliefs that are not a list', '{"answer":{"kind":"vote","target":3},"beliefs":{"P2":0.7}}', undefined],
    ['300 kB', `{"forfeit":"${'x'.repeat(300_000)}"}`, undefined],
  ];
  test.each(cases)('%s', (_, text, expected) => {
    expect(givenFromJson(text)).toEqual(expected);
  });
});

describe('a results file that cannot be written while a person answers', () => {
  // The answer given cannot be kept (the connection made read-only: SQLITE_READONLY, as a
  // full disk or a lock held too long): the file's failure, not the person's. The game
  // stops at once with it, and the person is neither charged nor asked again.
  it('stops the game with the write failure; the person asked once, nothing charged', async () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const db = new Database(join(dir, 'readonly.db'));
    const record = new StoredHumanRecord(db, 'table:ro', new Map([[0, 'alice']]), true);
    db.pragma('query_only = 1');
    let asked = 0;
    const desk: HumanDesk = {
      ask: async (q) => {
        asked++;
        return randomAnswer(q.decision, new Rng(`ro-${q.n}`)) as Answer;
      },
    };
    const game = new Game(setup.value, gameSeed('readonly', 0));
    const agents: Agent[] = Array.from({ length: 8 }, (_, seat) => new HumanAgent({ seat, person: 'alice', desk, record, clockMs: null }));
    const failure = await playAsync(game, agents).then(
      () => undefined,
      (e: unknown) => e,
    );
    db.close();
    expect(failure).toBeInstanceOf(FileFailure);
    expect((failure as FileFailure).code).toBe('SQLITE_READONLY');
    expect((failure as Error).message).toMatch(/^the people's answers in .*readonly\.db: attempt to write a readonly database/);
    expect(asked).toBe(1);
    expect(game.over).toBe(false);
  });
});
