// The belief posterior by its plain formulas, for tests of what the agent keeps and skips
// (agents/belief/posterior.ts): every weight exp(logW − max), and a pass over every
// placement that the knowledge allows, in order — as seatPosterior computed it before it
// read only the placements the public allows, with weights computed only for them.

import type { PublicPosterior } from '../../agents/belief/posterior.js';

/** Each seat's probability of holding a werewolf card given the knowledge `known` (1 werewolf, -1 not, 0 unknown); null when no placement fits. */
export function plainPosterior(post: PublicPosterior, known: Int8Array): number[] | null {
  const n = known.length;
  let max = -Infinity;
  for (const x of post.logW) if (x > max) max = x;
  const acc = new Float64Array(n);
  let total = 0;
  post.masks.forEach((m, i) => {
    for (let s = 0; s < n; s++) if ((known[s] === 1 && ((m >>> s) & 1) === 0) || (known[s] === -1 && ((m >>> s) & 1) === 1)) return;
    const x = Math.exp(post.logW[i]! - max);
    if (x === 0) return;
    total += x;
    for (let s = 0; s < n; s++) if (((m >>> s) & 1) === 1) acc[s]! += x;
  });
  return total > 0 ? Array.from(acc, (a) => a / total) : null;
}
