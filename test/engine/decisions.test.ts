// The answer checks of target decisions, exactly: which kinds are target kinds, and which
// error a wrong answer gets when it is wrong in several ways at once (the first check
// that fails names it: the target's type, then the pack's words, then legality). An
// agent reads these errors when asked again, so a faster check must not reorder them.
// Mutations: a kind left out of isTargetKind's switch fails the first test; the legality
// check moved before the type checks fails the table's mixed rows.

import { describe, expect, it } from 'vitest';
import { DECISION_KINDS, isTargetKind, TARGET_KINDS, validateAnswer, type Decision } from '../../engine/index.js';

describe('isTargetKind', () => {
  it('holds exactly for the target kinds', () => {
    for (const k of DECISION_KINDS) expect([k, isTargetKind(k)]).toEqual([k, (TARGET_KINDS as readonly string[]).includes(k)]);
    for (const k of ['', 'Vote', 'votes', 'target', 'constructor', '__proto__']) expect(isTargetKind(k)).toBe(false);
  });
});

const pack = (mayPass: boolean): Decision => ({ kind: 'pack', id: 7, seat: 2, targets: [0, 3, 5], mayPass, round: 1, rounds: 3, leader: 2, previous: [] });
const vote: Decision = { kind: 'vote', id: 8, seat: 1, targets: [0, 2], mayPass: false, round: 1, weight: 1 };

describe('target answers: the first failing check names the error', () => {
  it.each([
    ['a target of the wrong type, with bad words too', pack(false), { kind: 'pack', target: 'x', say: 5 }, 'malformed', 'target must be'],
    ['a fractional target', pack(true), { kind: 'pack', target: 1.5 }, 'malformed', 'target must be'],
    ['bad words with no target where one is required', pack(false), { kind: 'pack', target: null, say: 5 }, 'malformed', 'say is a string'],
    ['bad words with an illegal target', pack(false), { kind: 'pack', target: 4, say: 'x'.repeat(100_000) }, 'malformed', 'say is a string'],
    ['no target where one is required', pack(false), { kind: 'pack', target: null }, 'illegal', 'a target is required'],
    ['a target not listed', pack(true), { kind: 'pack', target: 4 }, 'illegal', 'seat 4 is not a legal pack target; legal: 0, 3, 5 or null'],
    ['a vote for a seat not listed', vote, { kind: 'vote', target: 1 }, 'illegal', 'seat 1 is not a legal vote target; legal: 0, 2'],
    ['another kind', vote, { kind: 'pack', target: 0 }, 'wrong-kind', "a 'vote' answer is owed"],
    ['no kind', vote, { target: 0 }, 'malformed', 'an answer is an object with a kind'],
  ])('%s', (_, d, answer, code, message) => {
    const r = validateAnswer(d, answer);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message).toContain(message);
    }
  });

  it.each([
    [pack(false), { kind: 'pack', target: 3, say: 'her', extra: 1 }, { kind: 'pack', target: 3, say: 'her' }],
    [pack(true), { kind: 'pack', target: null, extra: 1 }, { kind: 'pack', target: null }],
    [vote, { kind: 'vote', target: 2, say: 'words a vote does not carry' }, { kind: 'vote', target: 2 }],
  ])('accepted, rebuilt from the checked fields: %#', (d, answer, accepted) => {
    const r = validateAnswer(d, answer);
    expect(r.ok && r.value).toStrictEqual(accepted);
  });
});
