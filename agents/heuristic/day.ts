// Day decisions: the vote, the sheriff's election, tie-break and successor, the
// hunter's shot, the scapegoat's voters. Villagers act on their own view (suspicion
// with private knowledge), wolves on what the village thinks (wolf.ts), lovers never
// against each other.

import type { Answer } from '../../engine/index.js';
import { lynchTarget } from './consensus.js';
import type { DecisionFor, Mind } from './mind.js';
import { argmaxRandom, argmaxShared } from './pick.js';
import { TOLERANCE } from './view.js';
import { wolfVoteTarget } from './wolf.js';

/** Whom I vote against (or announce I will) among `targets`; -1: nobody I would. A `ballot` is the vote itself, not its announcement. */
export function voteTarget(m: Mind, targets: readonly number[], ballot = false): number {
  const b = m.b;
  const cands = b.withoutAllies(targets);
  if (cands.length === 0) return -1;
  if (b.wolfTeam) return wolfVoteTarget(m, cands, targets, ballot);
  if (b.role === 'piper') {
    // Every uncharmed player out is one fewer to charm.
    const uncharmed = cands.filter((s) => b.charmed[s] === 0);
    return lynchTarget(m, m.village(), uncharmed.length > 0 ? uncharmed : cands);
  }
  return lynchTarget(m, m.mine(), cands);
}

/** `voteTarget`, as a decision's target: with nobody I would vote against, a pass where allowed, else one drawn from my stream (never by seat order). */
export function voteTargetOrPass(m: Mind, d: { readonly targets: readonly number[]; readonly mayPass: boolean }, ballot = false): number | null {
  const t = voteTarget(m, d.targets, ballot);
  return t >= 0 ? t : d.mayPass || d.targets.length === 0 ? null : d.targets[m.rng.int(d.targets.length)]!;
}

export function vote(m: Mind, d: DecisionFor<'vote'>): Answer {
  // Only a plain first-round ballot may distance a werewolf from his pack: a sheriff's counts
  // twice, and a revote is a tie where one ballot decides.
  return { kind: 'vote', target: voteTargetOrPass(m, d, d.weight === 1 && d.round === 1) };
}

/** On a tie, the sheriff sends off the one he would have voted against. */
export function tieBreak(m: Mind, d: DecisionFor<'tie-break'>): Answer {
  return { kind: 'tie-break', target: voteTargetOrPass(m, d) };
}

/**
 * The sheriff: villagers elect the most trusted (a believed Seer first), everyone
 * reasoning alike so their votes do not split; the pack puts up the packmate the
 * village suspects least and all its wolves vote for him.
 */
export function election(m: Mind, d: DecisionFor<'election'>): Answer {
  const b = m.b;
  if (b.wolfTeam) {
    const v = m.village();
    const salt = b.packSalt ^ b.salt;
    const candidate = argmaxShared(b.pack.filter((s) => b.alive[s] === 1), (s) => -v.p[s]!, salt);
    if (candidate >= 0 && candidate !== b.me && d.targets.includes(candidate)) return { kind: 'election', target: candidate };
    // I am the pack's candidate: my vote goes to the villager least likely to win (the most suspected).
    return { kind: 'election', target: argmaxShared(d.targets, (s) => (b.packmate[s] === 1 ? -1 : v.p[s]!), salt) };
  }
  const v = m.mine();
  const target = argmaxShared(
    d.targets,
    (s) => (b.ally(s) ? 0.3 : 0) + 2 * v.cred[s]! + 1 - v.p[s]! + (0.5 * b.trustToday[s]!) / b.livingCount,
    b.salt,
  );
  return { kind: 'election', target };
}

/** A dead sheriff hands the badge to the most trusted (the pack: to a packmate). */
export function successor(m: Mind, d: DecisionFor<'successor'>): Answer {
  const b = m.b;
  if (b.wolfTeam) {
    const v = m.village();
    const mates = d.targets.filter((s) => b.packmate[s] === 1);
    const t = mates.length > 0 ? argmaxRandom(mates, (s) => -v.p[s]!, m.rng) : argmaxRandom(d.targets, (s) => v.p[s]!, m.rng);
    return { kind: 'successor', target: t };
  }
  const v = m.mine();
  const t = argmaxRandom(d.targets, (s) => (b.ally(s) ? 0.3 : 0) + 2 * v.cred[s]! + 1 - v.p[s]!, m.rng);
  return { kind: 'successor', target: t };
}

/** The hunter shoots the most suspect; he holds fire only if he knows everyone left is innocent. */
export function hunter(m: Mind, d: DecisionFor<'hunter'>): Answer {
  const b = m.b;
  const cands = d.targets.filter((s) => !b.ally(s));
  const pass = d.mayPass || d.targets.length === 0 ? null : d.targets[m.rng.int(d.targets.length)]!;
  if (cands.length === 0) return { kind: 'hunter', target: pass };
  if (b.wolfTeam) return { kind: 'hunter', target: lynchTarget(m, m.village(), cands, b.salt ^ b.packSalt) };
  const v = m.mine();
  const t = argmaxRandom(cands, (s) => v.p[s]!, m.rng);
  return { kind: 'hunter', target: v.p[t]! > 0 ? t : pass };
}

/** The scapegoat lets vote tomorrow only the players he does not suspect (at least the most trusted). */
export function scapegoat(m: Mind, d: DecisionFor<'scapegoat'>): Answer {
  const b = m.b;
  const v = m.mine();
  const limit = Math.max(v.prior, 0.15);
  const voters = d.candidates.filter((s) => b.ally(s) || v.p[s]! <= limit + TOLERANCE);
  if (voters.length === 0 && d.candidates.length > 0) voters.push(argmaxRandom(d.candidates, (s) => -v.p[s]!, m.rng));
  return { kind: 'scapegoat', voters: voters.sort((x, y) => x - y) };
}
