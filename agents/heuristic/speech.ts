// The day talk, all through claims (engine/claims.ts), so heuristic and LLM players read
// each other. A villager names its suspect and the vote it intends (that is how the
// village converges), and defends the players it knows are innocent when they are
// accused. The Seer claims her role and reports every result once she has found a
// werewolf, from day `seerReveal` on, when another claims to be the Seer, or when she is
// about to be voted out (never, with seerReveal=never). A Little Girl who saw the pack
// names it (no more than 001 lets her). Other power roles claim their card only to avoid
// being voted out. Wolves: wolf.ts.

import { MAX_CLAIMS, type Claim } from '../../engine/index.js';
import type { Answer } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { intentsAgainst, underPressure } from './consensus.js';
import { voteTarget } from './day.js';
import type { DecisionFor, Mind } from './mind.js';
import { wolfClaims } from './wolf.js';

/** Roles that are claimed to escape a vote (the claim is worth more than the secret then). */
const CLAIM_UNDER_PRESSURE: ReadonlySet<Role> = new Set<Role>(['witch', 'guard', 'hunter', 'elder', 'idiot', 'cupid', 'scapegoat']);

export function speech(m: Mind, d: DecisionFor<'speech'>): Answer {
  const claims: Claim[] = [];
  if (m.b.wolfTeam) wolfClaims(m, claims);
  else villageClaims(m, d, claims);
  return { kind: 'speech', claims: fit(m, d, claims) };
}

function villageClaims(m: Mind, d: DecisionFor<'speech'>, out: Claim[]): void {
  const b = m.b;
  const pressure = d.revote || underPressure(m);
  if (b.role === 'seer') seerClaims(m, pressure, out);
  else if (b.role === 'little-girl') girlClaims(m, out);
  else if (pressure && CLAIM_UNDER_PRESSURE.has(b.role) && !(b.role === 'idiot' && b.pub[b.me] !== 0)) out.push({ type: 'role', role: b.role });
  const v = m.mine();
  const others = b.livingOthers();
  const said = m.talkTarget?.(others) ?? -1;
  const t = said >= 0 ? said : voteTarget(m, others);
  if (t >= 0) {
    if (v.p[t]! > v.prior * 1.2) out.push({ type: 'suspect', target: t });
    out.push({ type: 'vote-intent', target: t });
  }
  // Defend: the most believed informed claimant, and known innocents under accusation.
  let defended = 0;
  for (const s of others) {
    if (defended >= 2) break;
    const believed = v.cred[s]! >= 0.5 && s !== t;
    const innocent = (v.p[s] === 0 && b.known[s] === -1) || b.ally(s);
    if (believed || (innocent && intentsAgainst(m, s) > 0)) {
      out.push({ type: 'trust', target: s });
      defended++;
    }
  }
}

function seerClaims(m: Mind, pressure: boolean, out: Claim[]): void {
  const b = m.b;
  const plan = m.plan;
  if (!plan.seerRevealed) {
    if (m.knobs.seerReveal === Infinity) return;
    let foundWolf = false;
    for (const r of b.myResults) if (r.result === 'werewolf' && b.alive[r.target] === 1) foundWolf = true;
    let rival = false;
    for (const c of b.informed) if (c.role === 'seer' && c.seat !== b.me && b.alive[c.seat] === 1) rival = true;
    if (!(foundWolf || rival || pressure || b.day >= m.knobs.seerReveal)) return;
    plan.seerRevealed = true;
  }
  out.push({ type: 'role', role: 'seer' });
  // Werewolves found first (they matter most if the list must be cut), then the rest in order.
  for (const r of b.myResults) if (r.result === 'werewolf') out.push({ type: 'seen', target: r.target, result: r.result });
  for (const r of b.myResults) if (r.result !== 'werewolf') out.push({ type: 'seen', target: r.target, result: r.result });
}

function girlClaims(m: Mind, out: Claim[]): void {
  const b = m.b;
  if (!b.peeked) return;
  let any = false;
  for (let s = 0; s < b.n; s++) if (b.alive[s] === 1 && b.known[s] === 1) any = true;
  if (!any && !m.plan.girlRevealed) return;
  m.plan.girlRevealed = true;
  out.push({ type: 'role', role: 'little-girl' });
  for (let s = 0; s < b.n; s++) if (s !== b.me && b.alive[s] === 1 && b.known[s] === 1) out.push({ type: 'suspect', target: s });
}

/**
 * Keeps a statement legal: at most MAX_CLAIMS claims, no duplicates, and 001's limit on a
 * Little Girl's naming. `claims` itself when it keeps them all (most statements): a
 * second array per speech was a tenth of the agent's allocations.
 */
function fit(m: Mind, d: DecisionFor<'speech'>, claims: Claim[]): Claim[] {
  const me = m.b.me;
  let limit: number | null = null;
  for (const c of claims) if (c.type === 'role' && c.role === 'little-girl') limit = d.littleGirlMaxNamed;
  // The claims kept, made only at the first claim dropped; until then they are claims[0 … i).
  let out: Claim[] | null = null;
  let named = 0;
  for (let i = 0; i < claims.length; i++) {
    const c = claims[i]!;
    const kept = out === null ? i : out.length;
    if (kept >= MAX_CLAIMS) {
      out ??= claims.slice(0, i);
      break;
    }
    const names = c.type === 'suspect' || (c.type === 'seen' && c.result === 'werewolf');
    if (
      (c.type !== 'role' && (c.target === me || c.target < 0 || c.target >= d.players)) ||
      (names && limit !== null && named >= limit) ||
      said(out ?? claims, kept, c)
    ) {
      out ??= claims.slice(0, i);
      continue;
    }
    if (names) named++;
    if (out !== null) out.push(c);
  }
  return out ?? claims;
}

/** `c` is among the first `kept` of `out` (a loop, not `some`: a statement is made at every speech, and a closure each time adds up). */
function said(out: readonly Claim[], kept: number, c: Claim): boolean {
  for (let i = 0; i < kept; i++) if (sameClaim(out[i]!, c)) return true;
  return false;
}

function sameClaim(a: Claim, b: Claim): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'role':
      return true;
    case 'seen':
    case 'suspect':
    case 'trust':
    case 'vote-intent':
      return a.target === (b as { target: number }).target;
    case 'action':
      return a.target === (b as { target: number }).target && a.action === (b as { action: string }).action;
  }
}
