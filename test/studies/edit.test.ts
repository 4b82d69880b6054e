// A fork's edit read from the command line's words and checked against its decision
// (studies/edit.ts): claims as `--claim` writes them, answers as a model's choices are
// labelled (or as JSON), and each refusal says what would fit.

import { describe, expect, it } from 'vitest';
import type { Decision } from '../../engine/index.js';
import { claimSpec, editAnswer, parseClaim } from '../../studies/edit.js';

const vote: Decision = { kind: 'vote', id: 17, seat: 0, targets: [1, 2, 4], mayPass: true, round: 1, weight: 1 };
const speech: Decision = { kind: 'speech', id: 5, seat: 2, day: 1, revote: false, littleGirlMaxNamed: null, players: 8 };
const witch: Decision = { kind: 'witch', id: 3, seat: 4, victim: 1, canHeal: true, poisonTargets: [0, 1, 2, 3, 5, 6, 7], potionsTonight: 1 };
const cupid: Decision = { kind: 'cupid', id: 0, seat: 6, candidates: [0, 1, 2, 3, 4, 5, 6, 7] };
const thief: Decision = { kind: 'thief', id: 0, seat: 3, cards: ['werewolf', 'seer'], mustTake: false };
const own = { kind: 'vote', target: 1 } as const;

describe('--claim', () => {
  it.each([
    ['seer', { type: 'role', role: 'seer' }],
    ['role=witch', { type: 'role', role: 'witch' }],
    ['seen=P4:werewolf', { type: 'seen', target: 3, result: 'werewolf' }],
    ['seen=4:not-werewolf', { type: 'seen', target: 3, result: 'not-werewolf' }],
    ['suspect=P3', { type: 'suspect', target: 2 }],
    ['trust=p8', { type: 'trust', target: 7 }],
    ['vote=P5', { type: 'vote-intent', target: 4 }],
    ['action=healed:P2', { type: 'action', action: 'healed', target: 1 }],
  ])('%s', (text, claim) => {
    const c = parseClaim(text, 8);
    expect(c).toEqual({ ok: true, value: claim });
    if (c.ok) expect(parseClaim(claimSpec(c.value), 8)).toEqual(c);
  });

  it.each([
    ['mayor', "'mayor' is not a role"],
    ['suspect=P9', "'P9' is not a player of this game (P1 to P8)"],
    ['seen=P4', 'seen names a player and what was seen'],
    ['seen=P4:wolfish', "'wolfish' is not a role"],
    ['action=kissed:P2', 'an action is one of protected'],
    ['hint=P2', "unknown claim 'hint'"],
  ])('%s is refused', (text, why) => {
    const c = parseClaim(text, 8);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error).toContain(why);
  });
});

describe('an edit against its decision', () => {
  it.each([
    [vote, 'P3', { kind: 'vote', target: 2 }],
    [vote, '5', { kind: 'vote', target: 4 }],
    [vote, 'none', { kind: 'vote', target: null }],
    [vote, '{"target":1}', { kind: 'vote', target: 1 }],
    [witch, 'heal P2', { kind: 'witch', heal: true, poison: null }],
    [witch, 'poison P8', { kind: 'witch', heal: false, poison: 7 }],
    [witch, 'no potion', { kind: 'witch', heal: false, poison: null }],
    [cupid, 'P7+P1', { kind: 'cupid', lovers: [6, 0] }],
    [thief, 'take card 2', { kind: 'thief', take: 1 }],
    [thief, 'keep', { kind: 'thief', take: null }],
  ] as const)('%o takes --answer %s', (d, value, answer) => {
    expect(editAnswer(d, { kind: 'answer', value }, own, 8)).toEqual({ ok: true, value: answer });
  });

  it.each([
    [vote, { kind: 'answer', value: 'P4' }, "is not a legal choice at decision #17 (P1's vote); its choices are: P2, P3, P5, none"],
    [vote, { kind: 'silence' }, 'is not a speech: --silence, --say and --claim change a speech'],
    [vote, { kind: 'answer', value: '{"target":' }, 'is not valid JSON'],
    [speech, { kind: 'answer', value: 'P1' }, 'is a speech: change it with --silence, --say TEXT or --claim SPEC'],
    [speech, { kind: 'speech', claims: [{ type: 'suspect', target: 2 }], text: undefined }, 'a suspect claim names another player by seat'],
    [speech, { kind: 'speech', claims: [], text: 'x'.repeat(2001) }, 'text is limited to 2000 characters'],
    [witch, { kind: 'answer', value: 'heal P2 and poison P8' }, 'is not a legal choice'],
  ] as const)('%o refuses %o', (d, edit, why) => {
    const r = editAnswer(d, edit, own, 8);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(why);
  });

  it('plays silence and other speeches as speeches', () => {
    expect(editAnswer(speech, { kind: 'silence' }, own, 8)).toEqual({ ok: true, value: { kind: 'speech', claims: [] } });
    expect(editAnswer(speech, { kind: 'speech', claims: [{ type: 'role', role: 'seer' }], text: 'I saw P4.' }, own, 8)).toEqual({
      ok: true,
      value: { kind: 'speech', claims: [{ type: 'role', role: 'seer' }], text: 'I saw P4.' },
    });
  });
});
