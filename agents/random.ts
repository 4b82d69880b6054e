// The random agent: chooses uniformly among the legal choices and uses no information.
// Exactly (tested in test/agents/random.test.ts):
// - a day vote or an election vote goes uniformly to another living player among the
//   legal targets; it never abstains where a vote is possible (nor in the Harvest
//   Festival's vote between the scapegoat's neighbours, a day vote too);
// - the pack: in round 1 each wolf proposes uniformly over the legal targets (and "no
//   victim" where packMayAbstain); from round 2 it follows the leader's last proposal.
//   The pack's victim is therefore the leader's round-1 draw: uniform over the targets;
// - the seer looks at a uniform other living player; the guard, hunter (holding fire
//   included), successor, tie-break, thief, peek and the pack leader's choice over a caught
//   Little Girl (caughtGirl=pack-chooses) are uniform over their legal choices;
// - the witch picks uniformly among her legal combinations (legalAnswers' list);
// - cupid and the piper pick a uniform set of distinct players; the scapegoat a uniform
//   subset (each candidate with probability 1/2);
// - it says nothing in the day talk (a statement is open: there is no list to draw from);
// - Harvest Festival and New Moon: the thief's steal, the witch's single potion, Bleak
//   Monday's vouch and Punishment's naming are uniform over their legal choices
//   (passing included where legal); Cupid's secret lover is a uniform (unfaithful,
//   secret) pair; the medium's question is uniform over legalAnswers' list (question
//   with the players it names); vouching for the accused and taking the pact are fair
//   coin flips; Great Distrust's friends a uniform set of the asked size.

import { legalAnswers, type Answer, type Decision, type TargetKind } from '../engine/index.js';
import type { Rng } from '../engine/index.js';
import type { Agent, DecisionContext } from './types.js';

function uniformTarget(kind: TargetKind, targets: readonly number[], mayPass: boolean, rng: Rng): Answer {
  const n = targets.length + (mayPass ? 1 : 0);
  const k = rng.int(n);
  return { kind, target: k < targets.length ? targets[k]! : null };
}

/** A uniform k-subset, ascending (partial Fisher–Yates on a copy). */
function uniformSubset(items: readonly number[], k: number, rng: Rng): number[] {
  const a = items.slice();
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(a.length - i);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a.slice(0, k).sort((x, y) => x - y);
}

/** Shared (frozen: the speech event keeps its claims). */
const SILENT: Answer = Object.freeze({ kind: 'speech', claims: Object.freeze([]) });

export function randomAnswer(d: Decision, rng: Rng): Answer {
  // The most frequent decisions here, the rest apart: a small function the optimiser
  // inlines into the driver (with every kind's case in it, the function was not).
  if (d.kind === 'speech') return SILENT;
  if (d.kind === 'vote' || d.kind === 'election')
    return d.targets.length > 0 ? { kind: d.kind, target: d.targets[rng.int(d.targets.length)]! } : { kind: d.kind, target: null };
  return rarerAnswer(d, rng);
}

/** The other kinds (an election is handled above too, but shares its decision type with kinds that are not). */
function rarerAnswer(d: Exclude<Decision, { kind: 'speech' | 'vote' }>, rng: Rng): Answer {
  switch (d.kind) {
    case 'election':
    case 'sacrifice':
      return d.targets.length > 0 ? { kind: d.kind, target: d.targets[rng.int(d.targets.length)]! } : { kind: d.kind, target: null };
    case 'pack': {
      if (d.round > 1) {
        const lead = d.previous.find((p) => p.voter === d.leader)?.target;
        if (lead !== undefined && (lead === null ? d.mayPass : d.targets.includes(lead))) return { kind: 'pack', target: lead };
      }
      return uniformTarget('pack', d.targets, d.mayPass, rng);
    }
    case 'guard':
    case 'seer':
    case 'hunter':
    case 'successor':
    case 'tie-break':
    case 'catch':
    case 'steal':
    case 'potion':
    case 'vouch':
    case 'punish':
      return uniformTarget(d.kind, d.targets, d.mayPass, rng);
    case 'thief': {
      if (d.mustTake) return { kind: 'thief', take: rng.int(2) as 0 | 1 };
      const k = rng.int(3);
      return { kind: 'thief', take: k === 2 ? null : (k as 0 | 1) };
    }
    case 'cupid': {
      const n = d.candidates.length;
      const i = rng.int(n);
      let j = rng.int(n - 1);
      if (j >= i) j++;
      return { kind: 'cupid', lovers: [d.candidates[i]!, d.candidates[j]!] };
    }
    case 'peek':
      return { kind: 'peek', peek: rng.int(2) === 1 };
    case 'witch': {
      // Combinations: no heal with no poison or one of P poisons; if she can heal, heal
      // alone, and heal with each poison when two potions are allowed tonight.
      const p = d.poisonTargets.length;
      const noHeal = 1 + p;
      const heal = d.canHeal ? 1 + (d.potionsTonight === 2 ? p : 0) : 0;
      const k = rng.int(noHeal + heal);
      if (k < noHeal) return { kind: 'witch', heal: false, poison: k === 0 ? null : d.poisonTargets[k - 1]! };
      const h = k - noHeal;
      return { kind: 'witch', heal: true, poison: h === 0 ? null : d.poisonTargets[h - 1]! };
    }
    case 'piper':
      return { kind: 'piper', targets: uniformSubset(d.candidates, d.count, rng) };
    case 'scapegoat':
      return { kind: 'scapegoat', voters: d.candidates.filter(() => rng.int(2) === 1) };
    case 'secret-lover':
      return {
        kind: 'secret-lover',
        unfaithful: d.lovers[rng.int(2)]!,
        secret: d.candidates[rng.int(d.candidates.length)]!,
      };
    case 'medium': {
      const all = legalAnswers(d)!;
      return all[rng.int(all.length)]!;
    }
    case 'defend':
      return { kind: 'defend', defend: rng.int(2) === 1 };
    case 'friends':
      return { kind: 'friends', friends: uniformSubset(d.targets, d.count, rng) };
    case 'pact':
      return { kind: 'pact', accept: rng.int(2) === 1 };
  }
}

export const randomAgent: Agent = {
  name: 'random',
  decide: (ctx: DecisionContext) => randomAnswer(ctx.decision, ctx.rng),
};
