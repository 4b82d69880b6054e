// The variants' decisions (004: Harvest Festival, New Moon events) that turn on whom a
// player suspects or trusts: the vote between the scapegoat's neighbours, Punishment's
// accusation and vouching, Bleak Monday's and Great Distrust's choices of whom to save,
// the Pact, and the Harvest witch's single potion. Each plays as the day's vote does:
// villagers on their own view, wolves on what the village thinks and for their pack,
// lovers never against each other. The rest (the thief's swap, Cupid's secret lover, the
// medium's question) carry no suspicion to act on and are answered the random agent's way.

import type { Answer, PotionDecision, SacrificeDecision } from '../../engine/decisions.js';
import { voteTarget } from './day.js';
import type { DecisionFor, Mind } from './mind.js';
import { POISON_DANGER, POISON_SURE, villageInDanger } from './night.js';
import { argmaxRandom } from './pick.js';
import { TOLERANCE } from './view.js';

/** Harvest Festival: which of the scapegoat's neighbours dies on the tie — a day vote. */
export function sacrifice(m: Mind, d: SacrificeDecision): Answer {
  const t = voteTarget(m, d.targets);
  return { kind: 'sacrifice', target: t >= 0 ? t : d.mayPass ? null : d.targets[0]! };
}

/** Punishment: the last dead names the living player he would have voted against. */
export function punish(m: Mind, d: DecisionFor<'punish'>): Answer {
  const t = voteTarget(m, d.targets);
  return { kind: 'punish', target: t >= 0 ? t : d.mayPass ? null : d.targets[0]! };
}

/**
 * Punishment: vouch for the accused? A villager vouches for an ally or a player no more
 * suspect than an average unknown; a werewolf only for a packmate or his lover (a
 * villager punished is one fewer).
 */
export function defend(m: Mind, d: DecisionFor<'defend'>): Answer {
  const b = m.b;
  const s = d.accused;
  if (b.ally(s)) return { kind: 'defend', defend: true };
  if (b.wolfTeam) return { kind: 'defend', defend: false };
  const v = m.mine();
  return { kind: 'defend', defend: v.p[s]! <= v.prior + TOLERANCE };
}

/**
 * How much I want `s` saved (Bleak Monday's vouch, Great Distrust's friends): allies
 * first; then a villager saves the least suspect, a werewolf the player the village
 * trusts most (saving a villager hides him; the one left standing should be suspected).
 */
function saveScore(m: Mind, s: number): number {
  const b = m.b;
  if (b.ally(s)) return 2;
  return 1 - (b.wolfTeam ? m.village() : m.mine()).p[s]!;
}

/** Bleak Monday: the voucher names the standing player he trusts most; the last standing is executed. */
export function vouch(m: Mind, d: DecisionFor<'vouch'>): Answer {
  return { kind: 'vouch', target: d.targets.length === 0 ? null : argmaxRandom(d.targets, (s) => saveScore(m, s), m.rng) };
}

/** Great Distrust: the `count` players I most want saved (everyone nobody names is eliminated). */
export function friends(m: Mind, d: DecisionFor<'friends'>): Answer {
  const chosen: number[] = [];
  const left = [...d.targets];
  while (chosen.length < d.count && left.length > 0) {
    const s = argmaxRandom(left, (x) => saveScore(m, x), m.rng);
    chosen.push(s);
    left.splice(left.indexOf(s), 1);
  }
  return { kind: 'friends', friends: chosen.sort((x, y) => x - y) };
}

/** Pact with the Devil: its price falls on the next game, so within this one the convicted always takes it. */
export function pact(_m: Mind, _d: DecisionFor<'pact'>): Answer {
  return { kind: 'pact', accept: true };
}

/**
 * Harvest Festival's single potion, whose effect a draw decides (heal; heal and turn into
 * a villager; heal and turn into a werewolf; poison). Given to a werewolf, half the faces
 * help the village (poison, or turned into a villager) and none hurts it; given to a
 * villager victim, a quarter turns him into a werewolf. So the witch gives it to a
 * werewolf she is sure of (as she poisons one, night.ts), or to herself when she is the
 * victim (three faces in four save her); else she keeps it. A witch on the werewolves'
 * side keeps it, unless she is the victim.
 */
export function potion(m: Mind, d: PotionDecision): Answer {
  const b = m.b;
  if (d.victim === b.me && d.targets.includes(b.me)) return { kind: 'potion', target: b.me };
  if (b.wolfTeam) return { kind: 'potion', target: null };
  const v = m.mine();
  const cands = d.targets.filter((s) => s !== b.me && !b.ally(s));
  const t = argmaxRandom(cands, (s) => v.p[s]!, m.rng);
  const sure = t >= 0 && (v.p[t]! >= POISON_SURE || (v.p[t]! >= POISON_DANGER && villageInDanger(m, v)));
  return { kind: 'potion', target: sure ? t : d.mayPass ? null : d.targets[0]! };
}
