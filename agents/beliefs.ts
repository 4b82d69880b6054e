// A stated belief: the probability a player gives each other player of being a werewolf,
// stated with a day vote — by a model in its answer (agents/llm/answer.ts), by a person at
// the table (agents/human) — and scored by the behaviour metrics against the truth
// (metrics/). Written as a model writes it, {"P3": 0.7, "P5": null}: other players only,
// probabilities from 0 to 1, null or absent where none is stated. What a model or a page
// sends is untrusted: anything else is refused with what to write.

import { err, ok, type Result } from '../engine/index.js';
import { P } from '../narrate/transcript.js';
import { json, quote } from './llm/quote.js';

/** The seat of a player label `P1`..`Pn` (0-based), or null. */
export function seatOfLabel(label: unknown, players: number): number | null {
  if (typeof label !== 'string') return null;
  const m = /^P(\d+)$/.exec(label);
  if (m === null) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= players ? n - 1 : null;
}

/** `beliefs` as stated by `seat`: null (none), or per seat the probability (NaN where none is stated). */
export function readBeliefs(value: unknown, seat: number, players: number): Result<Float64Array | null, string> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'object' || Array.isArray(value))
    return err('beliefs must be null or an object like {"P2": 0.7, "P5": 0.1} (each other player\'s probability of being a werewolf)');
  const out = new Float64Array(players).fill(NaN);
  for (const [label, p] of Object.entries(value as Record<string, unknown>)) {
    const other = seatOfLabel(label, players);
    if (other === null || other === seat) return err(`beliefs: ${quote(label)} is not another player (write P1..P${players}, not yourself)`);
    if (p === null) continue;
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) return err(`beliefs.${P(other)} must be a probability from 0 to 1 or null, not ${json(p)}`);
    out[other] = p;
  }
  return ok(out);
}

/** Beliefs as kept in a record (JSON has no NaN): null where none is stated. */
export function beliefsToJson(p: ArrayLike<number>): (number | null)[] {
  return Array.from(p, (x) => (Number.isNaN(x) ? null : x));
}

/**
 * Beliefs read back from a record (untrusted: a damaged or edited file): `players` entries,
 * each null or a probability, none about `seat` itself; else null.
 */
export function beliefsFromJson(v: unknown, seat: number, players: number): Float64Array | null {
  if (!Array.isArray(v) || v.length !== players) return null;
  const out = new Float64Array(players);
  for (let i = 0; i < players; i++) {
    const x: unknown = v[i];
    if (x === null) out[i] = NaN;
    else if (typeof x === 'number' && x >= 0 && x <= 1 && i !== seat) out[i] = x;
    else return null;
  }
  return out;
}
