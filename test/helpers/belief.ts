// The belief posterior by its plain formulas, for tests of what the agent keeps, drops and
// skips (agents/belief/posterior.ts): the placements the public knowledge allows listed
// afresh from all of them, every weight exp(logW − max) over those, and a pass over them
// in order for the placements a seat's knowledge allows.

import { placements, type PublicPosterior } from '../../agents/belief/posterior.js';

/** Whether placement `m` holds a werewolf card at every seat `known` says (1) and none where it says not (-1). */
function fits(m: number, known: Int8Array): boolean {
  for (let s = 0; s < known.length; s++) if ((known[s] === 1 && ((m >>> s) & 1) === 0) || (known[s] === -1 && ((m >>> s) & 1) === 1)) return false;
  return true;
}

/** The placements the record's public knowledge allows, in order, listed from all of them (not from the posterior's). */
export function publicAllowed(post: PublicPosterior): number[] {
  return Array.from(placements(post.positions, post.wolves)!).filter((m) => fits(m, post.record.known));
}

/**
 * Each seat's probability of holding a werewolf card given the knowledge `known` (1
 * werewolf, -1 not, 0 unknown), over the placements the public allows; null when none
 * fits. Each placement's log-weight is found by its mask among those the posterior kept:
 * one it dropped while the public still allows it is an error.
 */
export function plainPosterior(post: PublicPosterior, known: Int8Array): number[] | null {
  const n = known.length;
  const logW = new Map<number, number>();
  for (let i = 0; i < post.size; i++) logW.set(post.masks[i]!, post.logW[i]!);
  const allowed = publicAllowed(post);
  const weight = (m: number): number => {
    const x = logW.get(m);
    if (x === undefined) throw new Error(`placement ${m.toString(2)} is allowed by the public but was dropped`);
    return x;
  };
  let max = -Infinity;
  for (const m of allowed) max = Math.max(max, weight(m));
  const acc = new Float64Array(n);
  let total = 0;
  for (const m of allowed) {
    if (!fits(m, known)) continue;
    const x = Math.exp(weight(m) - max);
    if (x === 0) continue;
    total += x;
    for (let s = 0; s < n; s++) if (((m >>> s) & 1) === 1) acc[s]! += x;
  }
  return total > 0 ? Array.from(acc, (a) => a / total) : null;
}
