// The random agent on the Harvest Festival's and New Moon's decisions (uniform over the
// legal answers, as agents/random.ts documents), and their transcripts (004).
import { describe, expect, it } from 'vitest';
import { check } from '../helpers/check.js';
import { randomAnswer } from '../../agents/random.js';
import { legalAnswers, validateAnswer, type Decision } from '../../engine/index.js';
import type { EventType } from '../../engine/index.js';
import { Game } from '../../engine/index.js';
import { Rng } from '../../engine/index.js';
import { describe as describeEvent, transcript } from '../../narrate/transcript.js';
import { run, setupOf } from '../helpers/scripted.js';

const DECISIONS: Decision[] = [
  { kind: 'steal', id: 0, seat: 0, targets: [1, 2, 3], mayPass: true },
  { kind: 'potion', id: 0, seat: 0, targets: [0, 1, 2], mayPass: true, victim: 2 },
  { kind: 'sacrifice', id: 0, seat: 0, targets: [3, 5], mayPass: true, scapegoat: 4, weight: 1 },
  { kind: 'vouch', id: 0, seat: 0, targets: [1, 2, 3, 4], mayPass: false },
  { kind: 'punish', id: 0, seat: 0, targets: [1, 2, 3], mayPass: false },
  { kind: 'secret-lover', id: 0, seat: 0, lovers: [1, 2], candidates: [0, 3, 4] },
  { kind: 'medium', id: 0, seat: 0, ghost: 5, questions: ['same-side', 'am-i-wolf', 'is-villager'], targets: [1, 2, 3] },
  { kind: 'defend', id: 0, seat: 0, accused: 3 },
  { kind: 'friends', id: 0, seat: 0, targets: [1, 2, 3, 4], count: 2 },
  { kind: 'pact', id: 0, seat: 0 },
];

describe('the random agent on the variants (004)', () => {
  for (const d of DECISIONS) {
    // (the vote between the scapegoat's neighbours is a day vote: the random agent never abstains in it)
    const abstains = d.kind !== 'sacrifice';
    it(`the random agent answers a ${d.kind} decision legally and uniformly over its legal answers${abstains ? '' : ', never abstaining'}`, () => {
      const legal = legalAnswers(d)!
        .filter((a) => abstains || !('target' in a) || a.target !== null)
        .map((a) => JSON.stringify(a));
      const n = legal.length * 600;
      const rng = new Rng(`uniform-${d.kind}`);
      const counts = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const a = randomAnswer(d, rng);
        expect(validateAnswer(d, a).ok).toBe(true);
        const key = JSON.stringify(a);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect([...counts.keys()].sort()).toEqual([...legal].sort());
      for (const c of counts.values()) {
        expect(c).toBeGreaterThan(600 * 0.8);
        expect(c).toBeLessThan(600 * 1.2);
      }
    });
  }
});

describe('transcripts of the variants (004)', () => {
  it('every Harvest Festival and New Moon event reads as a line, with charms, events and vote restrictions', () => {
    const seen = new Set<EventType>();
    const setup = setupOf('werewolf=3,seer,witch,hunter,cupid,guard,elder,idiot,scapegoat,piper,little-girl,thief,villager=2', [
      'sheriff=true',
      'harvestFestival=true',
      'newMoon=all',
    ]);
    for (let i = 0; i < 150; i++) {
      const g = run(new Game(setup, `tr-${i}`), (d) =>
        d.kind === 'speech' && d.seat % 3 === 0 ? { kind: 'speech', claims: [], text: 'I trust P2' } : undefined,
      );
      const text = transcript(g.log, { title: `game ${i}` });
      expect(text).not.toMatch(/undefined|NaN|\[object/);
      for (const e of g.log) {
        seen.add(e.type);
        if (e.type !== 'attributes' && e.type !== 'start' && e.type !== 'deal') check(typeof describeEvent(e) === 'string', () => `a ${e.type} event reads as no line`);
      }
      if (i === 0) expect(text).toMatch(/^Players: P1 (man|woman)[^]* oldest first: P\d+/m);
    }
    for (const t of [
      'seer-glimpse', 'thief-steal', 'role-change', 'secret-lover', 'sheriff-vote', 'sacrifice', 'witch-potion', 'peek-witch',
      'moon', 'miracle', 'away', 'power-swap', 'banned-word', 'seance', 'punish', 'defence', 'vouch', 'friends', 'pact', 'charm', 'charmed',
    ] as EventType[])
      expect(seen.has(t), t).toBe(true);
  });
});
