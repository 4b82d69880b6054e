// Every metric kept as a skill signal moves the right way on agents of known skill (issue
// #23): the heuristic village, the same heuristic that plays a random legal answer at half
// of its decisions ("half", made here), and the random village, each against the same
// heuristic werewolves on the same deals. A skill metric must rank them heuristic > half >
// random (or the reverse for a "lower is better" one), the two ends with intervals apart;
// the wrong order fails it. Error metrics are checked against an agent that answers
// wrongly on purpose. Metrics marked "description" in the catalog make no such promise.

import { describe, expect, it } from 'vitest';
import { randomAnswer } from '../../agents/random.js';
import { heuristicKind } from '../../agents/heuristic/kind.js';
import type { AgentKind } from '../../agents/registry.js';
import type { Agent } from '../../agents/types.js';
import { ok, Rng } from '../../engine/index.js';
import { METRICS } from '../../metrics/catalog.js';
import { MetricsPool, type MetricsRow } from '../../metrics/pool.js';
import { playTallied, setupOf, type TalliedGame } from '../helpers/metrics.js';

/** A kind whose agent is the heuristic of its seat (`inner`) changed by `wrap`. */
function heuristicWith(name: string, wrap: (inner: Agent, seat: number) => Omit<Agent, 'name'>): AgentKind {
  return {
    name,
    summary: `the heuristic, changed (${name})`,
    async: false,
    check: () => ok(name),
    create: (_argument, seat, env) => ({ name, ...wrap(heuristicKind.create(undefined, seat, env), seat) }),
  };
}

/** The heuristic, but at each decision with probability ½ (the seat's own stream) a uniformly random legal answer instead. */
const halfKind = heuristicWith('half', (inner, seat) => {
  // Its stated beliefs: the heuristic's with half of them replaced by noise (a worse forecaster of known order).
  const noise = new Rng(`half-beliefs-${seat}`);
  return {
    decide: (ctx) => {
      const answer = inner.decide(ctx);
      return ctx.rng.float() < 0.5 ? randomAnswer(ctx.decision, ctx.rng) : answer;
    },
    werewolfBeliefs: () => {
      const b = inner.werewolfBeliefs?.();
      return b === undefined ? undefined : Array.from(b, (p) => (Number.isNaN(p) || noise.float() < 0.5 ? p : noise.float()));
    },
  };
});

/** The heuristic, but one answer in three is refused (a wrong kind), asked again or not: some decisions end in the fallback. */
const sloppyKind = heuristicWith('sloppy', (inner) => ({
  decide: (ctx) => (ctx.rng.float() < 1 / 3 ? ({ kind: 'nonsense' } as never) : inner.decide(ctx)),
}));

const KINDS = { kinds: [halfKind, sloppyKind] };
const SETUP = setupOf({ players: 11, roles: 'werewolf=3,villager=4,seer,witch,guard,hunter' });
const GAMES = 1500;

function rowsOf(games: readonly TalliedGame[]): MetricsRow[] {
  const pool = new MetricsPool();
  for (const g of games) g.tally.seats.forEach((c, s) => pool.addSeat(g.index, g.specs[s]!, g.tally.roles[s]!, c));
  return pool.rows();
}

const village = (agent: string) => rowsOf(playTallied(SETUP, [agent, 'werewolves=heuristic'], GAMES, 'known-order', KINDS));

describe('skill metrics on agents of known order', () => {
  const byAgent = { heuristic: village('heuristic'), half: village('half'), random: village('random') };
  // The village's rows are the village agent's alone (the werewolves' are on their side).
  const find = (rows: readonly MetricsRow[], metric: string, role: string | null) => rows.find((r) => r.metric === metric && r.side === 'village' && r.role === role);

  it.each(METRICS.filter((m) => m.reads === 'skill' && m.better !== undefined && !['invalid-rate', 'fallback-rate'].includes(m.key)).map((m) => [m.key, m.better!, m.roles?.[0] ?? null] as const))(
    '%s (%s is better) ranks heuristic, half, random',
    (metric, better, role) => {
      const [h, x, r] = (['heuristic', 'half', 'random'] as const).map((a) => find(byAgent[a], metric, role));
      expect(h, `${metric}: no heuristic row`).toBeDefined();
      expect(x, `${metric}: no half row`).toBeDefined();
      const sign = better === 'higher' ? 1 : -1;
      expect(sign * (h!.value - x!.value), `${metric}: heuristic ${h!.value} vs half ${x!.value}`).toBeGreaterThan(0);
      // Stated beliefs: the random agent states none, so the order is heuristic over its noisier copy.
      const low = r ?? x!;
      if (r !== undefined) expect(sign * (x!.value - r.value), `${metric}: half ${x!.value} vs random ${r.value}`).toBeGreaterThan(0);
      if (better === 'higher') expect(h!.low).toBeGreaterThan(low.high);
      else expect(h!.high).toBeLessThan(low.low);
    },
  );

  it('counts refused answers and fallbacks as errors: the sloppy heuristic errs, the heuristic does not', () => {
    const sloppy = rowsOf(playTallied(SETUP, ['sloppy', 'werewolves=heuristic'], 200, 'known-order', KINDS));
    const rate = (rows: readonly MetricsRow[], metric: string) => rows.find((r) => r.metric === metric && r.side === 'village' && r.role === null)!;
    for (const metric of ['invalid-rate', 'fallback-rate']) {
      expect(METRICS.find((m) => m.key === metric)!.better).toBe('lower');
      expect(rate(byAgent.heuristic, metric).value, metric).toBe(0);
      expect(rate(sloppy, metric).low, metric).toBeGreaterThan(0);
    }
    // One answer in three refused: the invalid rate is about a third of the answers given.
    expect(rate(sloppy, 'invalid-rate').low).toBeLessThan(1 / 3);
    expect(rate(sloppy, 'invalid-rate').high).toBeGreaterThan(1 / 3);
  });
});
