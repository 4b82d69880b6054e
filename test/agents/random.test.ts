// The random agent's uniformity is exact (issue: "Random-agent results are a baseline
// that theory can check"): chi-square tests of its draws against the uniform
// distribution over each decision's legal answers, at the 0.1% level.
import { describe, expect, it } from 'vitest';
import { randomAnswer } from '../../agents/random.js';
import { legalAnswers, type Decision } from '../../engine/index.js';
import { Rng, gameSeed } from '../../engine/index.js';
import { playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { before, eventsOf, play, scenario, v } from '../helpers/scenario.js';

/** Critical value of chi-square with df degrees of freedom at alpha = 0.001 (Wilson–Hilferty). */
function chi2Critical(df: number): number {
  const z = 3.0902;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chi2(counts: number[], n: number): number {
  const e = n / counts.length;
  return counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
}

/** Draws `n` answers and tests them against uniform over `support` (answers as JSON). */
function uniformOver(d: Decision, support: string[], n = 40_000, seed = 'chi') {
  const rng = new Rng(seed);
  const index = new Map(support.map((s, i) => [s, i]));
  const counts = new Array<number>(support.length).fill(0);
  for (let i = 0; i < n; i++) {
    const a = JSON.stringify(randomAnswer(d, rng));
    const k = index.get(a);
    if (k === undefined) throw new Error(`answer outside the support: ${a}`);
    counts[k]!++;
  }
  const stat = chi2(counts, n);
  expect(stat, `chi2 ${stat.toFixed(1)} over ${support.length} cells`).toBeLessThan(chi2Critical(support.length - 1));
  expect(Math.min(...counts)).toBeGreaterThan(0);
  return counts;
}

const canon = (x: unknown) => JSON.stringify(x);
const all = (d: Decision) => legalAnswers(d)!.map(canon);
/** Answers that pass a vote or a kill: absent from the random agent's support where the issue says so. */
const targets = (d: Decision) => legalAnswers(d)!.filter((a) => !('target' in a) || a.target !== null).map(canon);

describe('random agent uniformity', () => {
  it('a day vote goes uniformly to another living player; it never abstains', () => {
    const d: Decision = { kind: 'vote', id: 0, seat: 2, targets: [0, 1, 3, 5, 6], mayPass: true, round: 1, weight: 1 };
    uniformOver(d, targets(d));
  });

  it('an election vote too', () => {
    const d: Decision = { kind: 'election', id: 0, seat: 0, targets: [1, 2, 3, 4, 5, 6, 7], mayPass: false };
    uniformOver(d, all(d));
  });

  it('the seer looks at a uniform other living player', () => {
    const d: Decision = { kind: 'seer', id: 0, seat: 0, targets: [1, 2, 4, 7], mayPass: false };
    uniformOver(d, all(d));
  });

  it('guard, hunter (holding fire included), successor, tie-break: uniform over the legal choices', () => {
    uniformOver({ kind: 'guard', id: 0, seat: 0, targets: [0, 1, 2, 3], mayPass: false }, all({ kind: 'guard', id: 0, seat: 0, targets: [0, 1, 2, 3], mayPass: false }));
    const h: Decision = { kind: 'hunter', id: 0, seat: 0, targets: [1, 2, 3], mayPass: true };
    uniformOver(h, all(h));
    const t: Decision = { kind: 'tie-break', id: 0, seat: 0, targets: [1, 2], mayPass: true };
    uniformOver(t, all(t));
  });

  it('the witch picks uniformly among her legal combinations (two potions a night)', () => {
    const d: Decision = { kind: 'witch', id: 0, seat: 1, victim: 3, canHeal: true, poisonTargets: [0, 2, 3, 4], potionsTonight: 2 };
    const support = all(d);
    expect(support).toHaveLength(10);
    uniformOver(d, support);
  });

  it('the witch picks uniformly among her legal combinations (one potion a night; no heal)', () => {
    const one: Decision = { kind: 'witch', id: 0, seat: 1, victim: 3, canHeal: true, poisonTargets: [0, 2, 3, 4], potionsTonight: 1 };
    expect(all(one)).toHaveLength(6);
    uniformOver(one, all(one));
    const noHeal: Decision = { kind: 'witch', id: 0, seat: 1, victim: null, canHeal: false, poisonTargets: [0, 2], potionsTonight: 2 };
    uniformOver(noHeal, all(noHeal));
  });

  it('cupid and the piper pick uniform sets of distinct players', () => {
    const c: Decision = { kind: 'cupid', id: 0, seat: 0, candidates: [0, 1, 2, 3, 4, 5] };
    const norm = (x: string) => x; // cupid answers are ordered pairs: count unordered
    const rng = new Rng('pairs');
    const counts = new Map<string, number>();
    const n = 30_000;
    for (let i = 0; i < n; i++) {
      const a = randomAnswer(c, rng);
      if (a.kind !== 'cupid') throw new Error('kind');
      const key = norm([...a.lovers].sort((x, y) => x - y).join('-'));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(15);
    expect(chi2([...counts.values()], n)).toBeLessThan(chi2Critical(14));
    const p: Decision = { kind: 'piper', id: 0, seat: 0, candidates: [1, 2, 3, 4, 5], count: 2 };
    uniformOver(p, all(p));
  });

  it('the scapegoat names a uniform subset; the thief and the little girl choose uniformly', () => {
    const s: Decision = { kind: 'scapegoat', id: 0, seat: 0, candidates: [1, 2, 3, 4] };
    uniformOver(s, all(s));
    const t: Decision = { kind: 'thief', id: 0, seat: 0, cards: ['seer', 'werewolf'], mustTake: false };
    uniformOver(t, all(t));
    const tw: Decision = { kind: 'thief', id: 0, seat: 0, cards: ['werewolf', 'werewolf'], mustTake: true };
    uniformOver(tw, all(tw));
    uniformOver({ kind: 'peek', id: 0, seat: 0 }, all({ kind: 'peek', id: 0, seat: 0 }));
  });

  it("the random pack's victim is uniform over the legal targets (3 wolves, whole protocol)", () => {
    const counts = new Map<number, number>();
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const g = scenario({ deck: ['werewolf', ...v(2), 'werewolf', ...v(2), 'werewolf', 'villager'], seed: gameSeed('pack', i), rules: { sheriff: false } });
      playSync(g, Array(8).fill(randomAgent)); // whole games; we read night 1
      const victim = eventsOf(g, 'pack-victim')[0]!;
      expect(victim.agreed).toBe(true);
      counts.set(victim.target!, (counts.get(victim.target!) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 4, 5, 7]);
    expect(chi2([...counts.values()], n)).toBeLessThan(chi2Critical(4));
  });

  it('with packMayAbstain, "no victim" is one more equally likely choice', () => {
    const counts = new Map<string, number>();
    const n = 5000;
    for (let i = 0; i < n; i++) {
      const g = play(scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager', 'villager'], seed: gameSeed('abstain', i), rules: { sheriff: false, packMayAbstain: true } }), {
        pack: (d, gg) => randomAnswer(d, new Rng(`${gg.seed}/${d.seat}/${d.id}`)),
      }, before('speech'));
      const t = String(eventsOf(g, 'pack-victim')[0]!.target);
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['1', '3', '4', 'null']);
    expect(chi2([...counts.values()], n)).toBeLessThan(chi2Critical(3));
  });

  it('says nothing in the day talk', () => {
    expect(randomAnswer({ kind: 'speech', id: 0, seat: 0, day: 1, revote: false, littleGirlMaxNamed: null, players: 5 }, new Rng('x'))).toEqual({ kind: 'speech', claims: [] });
  });

  it('the test can fail: a biased draw is caught', () => {
    const counts = [1100, 1000, 1000, 900];
    expect(chi2(counts, 4000)).toBeGreaterThan(chi2Critical(3));
  });
});
