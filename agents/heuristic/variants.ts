// The variants' decisions (004: Harvest Festival, New Moon events) that turn on whom a
// player suspects or trusts: the vote between the scapegoat's neighbours, Punishment's
// accusation and vouching, Bleak Monday's and Great Distrust's choices of whom to save,
// the Pact, and the Harvest witch's single potion. Each plays as the day's vote does:
// villagers on their own view, wolves on what the village thinks and for their pack,
// lovers never against each other; the medium asks the ghost what settles most. The
// rest (the thief's swap, Cupid's secret lover) carry no suspicion to act on and are
// answered the random agent's way.

import type { Answer, DecisionOf, PotionDecision, SacrificeDecision } from '../../engine/index.js';
import type { SeanceQuestion } from '../../engine/index.js';
import { randomAnswer } from '../random.js';
import { voteTargetOrPass } from './day.js';
import type { DecisionFor, Mind } from './mind.js';
import { POISON_DANGER, POISON_SURE, villageInDanger } from './night.js';
import { argmaxRandom } from './pick.js';
import { livingNeighbours } from './public.js';
import { TOLERANCE } from './view.js';

/** Harvest Festival: which of the scapegoat's neighbours dies on the tie — a day vote. */
export function sacrifice(m: Mind, d: SacrificeDecision): Answer {
  return { kind: 'sacrifice', target: voteTargetOrPass(m, d) };
}

/** Punishment: the last dead names the living player he would have voted against. */
export function punish(m: Mind, d: DecisionFor<'punish'>): Answer {
  return { kind: 'punish', target: voteTargetOrPass(m, d) };
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
  return { kind: 'potion', target: sure ? t : d.mayPass || d.targets.length === 0 ? null : d.targets[m.rng.int(d.targets.length)]! };
}

/** How far a probability is from certain: 1 at one half, 0 at 0 or 1. */
const doubt = (p: number) => 4 * p * (1 - p);

/**
 * Questions that tell the village nothing a werewolf medium would rather it did not know
 * (the heuristic reads no sexes), in his order of preference.
 */
const WOLF_SAFE: readonly SeanceQuestion[] = ['witch-is-man', 'all-wolves-men', 'all-wolves-women', 'any-wolf-man', 'any-wolf-woman', 'seer-found-wolf'];

/**
 * Spiritualism: the medium asks the ghost (who answers truly, aloud) the question that
 * settles most for the village (public.ts learns the answers): whether the sheriff is a
 * werewolf, whether a doubtful player's neighbours are clear, whether a doubtful player
 * is a plain villager, or — when the village suspects him — whether he himself is a
 * werewolf. A werewolf medium asks what tells nothing; failing that, nothing about his
 * pack. With nothing worth asking, any question (the random agent's way).
 */
export function medium(m: Mind, d: DecisionOf<'medium'>): Answer {
  const b = m.b;
  if (b.wolfTeam) {
    for (const q of WOLF_SAFE) if (d.questions.includes(q)) return { kind: 'medium', question: q, about: [] };
    if (d.questions.includes('same-side') && d.targets.length >= 2) {
      // Two players who are not packmates: their sides say nothing of the pack.
      const others = d.targets.filter((s) => b.packmate[s] === 0);
      if (others.length >= 2) return { kind: 'medium', question: 'same-side', about: [others[0]!, others[1]!] };
    }
    return randomAnswer(d, m.rng);
  }
  const v = m.mine();
  let best: Answer | null = null;
  let bestValue = 0.05;
  const offer = (value: number, question: SeanceQuestion, about: number[]) => {
    if (value > bestValue + TOLERANCE) {
      bestValue = value;
      best = { kind: 'medium', question, about };
    }
  };
  for (const q of d.questions) {
    switch (q) {
      case 'sheriff-is-wolf':
        if (b.sheriff >= 0 && b.sheriff !== b.me && b.alive[b.sheriff] === 1) offer(doubt(v.p[b.sheriff]!), q, []);
        break;
      case 'am-i-wolf':
        // I know the answer; the village learns it: worth what it suspects me.
        offer(doubt(m.village().p[b.me]!), q, []);
        break;
      case 'is-villager':
        // A yes clears him; a no says only "werewolf or a power".
        for (const t of d.targets) offer(0.5 * doubt(v.p[t]!), q, [t]);
        break;
      case 'neighbour-wolf':
        // A no clears both neighbours.
        for (const t of d.targets) {
          let clear = 1;
          let value = 0;
          for (const x of livingNeighbours(b.alive, t)) {
            clear *= 1 - v.p[x]!;
            value += doubt(v.p[x]!);
          }
          offer(0.5 * clear * value, q, [t]);
        }
        break;
      default:
        break;
    }
  }
  return best ?? randomAnswer(d, m.rng);
}
