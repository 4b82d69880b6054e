// The exact law of a sequential test's outcome on paired trinomial outcomes, so that the
// estimate at its stop (sprt.ts `sprtEstimate`) can be computed from the test as it runs,
// not from an approximation of it. Pairs d ∈ {−1, 0, +1} arrive independently with
// probabilities (p₋, p₀, p₊); after n pairs, m of them discordant (d ≠ 0) and a of those
// won by A alone, the test stops at H1 when its statistic is at or above `upper`, at H0
// when at or below `lower`. The state (n, m, a) carries everything the stopping rule
// reads, so the probability of every state still running after n pairs follows from
// those after n − 1 (a dynamic programme over the counts): a concordant pair keeps
// (m, a), one won by A alone moves to (m + 1, a + 1), one won by B alone to (m + 1, a).
//
// The statistic must increase with a at fixed (n, m) (for the GLR of sprt.ts it does: one
// pair moved from "B alone" to "A alone" raises ℓ(δ) − ℓ(0) by ln((δ + t₁)/t₁) ≥ 0 in
// the fits' terms), so each (n, m) continues on one run of a, [lo, hi]: found once per
// (n, m) by a search from its neighbour's and kept in a `ContinuationTable`, which
// depends on the rule alone and is shared by every law computed under it.
//
// Outcomes are ordered stagewise (Siegmund 1978; Jennison & Turnbull 2000, §8.4): H1 at
// pair k ≻ H1 at a later pair ≻ still running at the last pair with a high sum S = 2a − m
// ≻ … with a low one ≻ H0 at a later pair ≻ H0 at pair k; at one stop, a higher S ranks
// higher. `outcomeTails` gives P(outcome ≻ observed), P(=) and P(≺) for an observed one,
// reading pairs up to the observed stop only. Cost: (states still running) × (pairs): the
// states form a band about (upper − lower)·σ²/(2δ) wide in a by about 15·√(n·q(1 − q))
// in m, where the probability left is above 1e-15 per row.

/** A sequential test's stopping rule on counts. */
export interface CountRule {
  /** The statistic after `plus` pairs won by A alone, `zero` alike and `minus` by B alone; increasing in `plus` at a fixed `plus + minus`. */
  readonly statistic: (plus: number, zero: number, minus: number) => number;
  readonly lower: number;
  readonly upper: number;
}

interface TableRow {
  /** The first m stored. */
  readonly start: number;
  /** The continuing run of a, [lo, hi], per m from `start`; lo > hi when none. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** How many m are stored. */
  readonly size: number;
}

/**
 * For each (n, m) the run of a on which the test is still going after n pairs, computed
 * when first asked and kept. One table per rule; share it between estimates of the same
 * design (a simulation of many tests) to compute each run once.
 */
export class ContinuationTable {
  private readonly rows: (TableRow | undefined)[] = [];
  /** Statistic evaluations so far (the table's cost). */
  evaluations = 0;

  constructor(readonly rule: CountRule) {}

  /** The first a in [0, m + 1] with pred(a) true (pred false then true), searched from `guess`. */
  private firstTrue(pred: (a: number) => boolean, m: number, guess: number): number {
    let g = Math.min(m, Math.max(0, guess));
    let lo: number;
    let hi: number;
    if (pred(g)) {
      // Answer ≤ g: step down until pred fails.
      hi = g;
      let step = 1;
      for (;;) {
        const x = hi - step;
        if (x < 0) {
          lo = -1;
          break;
        }
        if (!pred(x)) {
          lo = x;
          break;
        }
        hi = x;
        step *= 2;
      }
    } else {
      lo = g;
      let step = 1;
      for (;;) {
        const x = lo + step;
        if (x > m) {
          hi = m + 1;
          break;
        }
        if (pred(x)) {
          hi = x;
          break;
        }
        lo = x;
        step *= 2;
      }
    }
    // pred(lo) false (or lo = −1), pred(hi) true (or hi = m + 1).
    while (hi - lo > 1) {
      g = (lo + hi) >> 1;
      if (pred(g)) hi = g;
      else lo = g;
    }
    return hi;
  }

  private compute(n: number, m: number, guess: readonly [number, number] | null): [number, number] {
    const { statistic, lower, upper } = this.rule;
    const at = (a: number) => {
      this.evaluations++;
      return statistic(a, n - m, m - a);
    };
    const near = guess ?? this.known(n - 1, m);
    const h1From = this.firstTrue((a) => at(a) >= upper, m, near ? near[1] + 1 : m >> 1);
    const goingFrom = this.firstTrue((a) => at(a) > lower, m, near ? near[0] : m >> 1);
    return [goingFrom, h1From - 1];
  }

  private known(n: number, m: number): [number, number] | null {
    const row = this.rows[n];
    if (row === undefined || m < row.start || m >= row.start + row.size) return null;
    return [row.lo[m - row.start]!, row.hi[m - row.start]!];
  }

  /** The row of n with m ∈ [from, to] (clipped to [0, n]) computed. */
  ensure(n: number, from: number, to: number): TableRow {
    const old = this.rows[n];
    if (old !== undefined && from >= old.start && to < old.start + old.size) return old;
    const start = Math.max(0, old === undefined ? from : Math.min(from, old.start));
    const end = Math.min(n, old === undefined ? to : Math.max(to, old.start + old.size - 1));
    const size = end - start + 1;
    const lo = new Int32Array(size);
    const hi = new Int32Array(size);
    let filledFrom = end + 1;
    let filledTo = end;
    if (old !== undefined) {
      lo.set(old.lo, old.start - start);
      hi.set(old.hi, old.start - start);
      filledFrom = old.start;
      filledTo = old.start + old.size - 1;
    }
    // Outwards from what is known, each search starting from the neighbour just found
    // (or the same m a pair earlier).
    const fill = (m: number, neighbour: number) => {
      const i = neighbour - start;
      const guess = neighbour >= start && neighbour <= end && neighbour >= filledFrom && neighbour <= filledTo ? ([lo[i]!, hi[i]!] as const) : null;
      const [l, h] = this.compute(n, m, this.known(n - 1, m) ?? guess);
      lo[m - start] = l;
      hi[m - start] = h;
    };
    if (old === undefined) {
      filledFrom = start;
      filledTo = start - 1;
    }
    for (let m = filledTo + 1; m <= end; m++) {
      fill(m, m - 1);
      filledTo = m;
      if (filledFrom > m) filledFrom = m;
    }
    for (let m = filledFrom - 1; m >= start; m--) {
      fill(m, m + 1);
      filledFrom = m;
    }
    const row: TableRow = { start, lo, hi, size };
    this.rows[n] = row;
    return row;
  }
}

/** An observed outcome: the decision (null: still running when cut), the pairs read, and its counts. */
export interface ObservedOutcome {
  readonly decision: 'H1' | 'H0' | null;
  readonly pairs: number;
  readonly plus: number;
  readonly minus: number;
}

/** Where the observed outcome falls in the stagewise order under one trinomial. */
export interface OutcomeTails {
  /** P(an outcome ranked above the observed one). */
  readonly above: number;
  /** P(an outcome ranked equal: the same stop, the same S). */
  readonly equal: number;
  /** P(an outcome ranked below). */
  readonly below: number;
  /** States updated (the law's cost). */
  readonly work: number;
}

/** Probabilities of a pair's difference. */
export interface PairLaw {
  readonly plus: number;
  readonly zero: number;
  readonly minus: number;
}

interface Layer {
  readonly aLo: Int32Array;
  readonly len: Int32Array;
  readonly off: Int32Array;
  readonly mass: Float64Array;
}

function newLayer(rows: number, states: number): Layer {
  return { aLo: new Int32Array(rows), len: new Int32Array(rows), off: new Int32Array(rows), mass: new Float64Array(states) };
}

/** The probability held by row `r` of a layer. */
function rowMass(layer: Layer, r: number): number {
  let s = 0;
  for (let i = 0, at = layer.off[r]!; i < layer.len[r]!; i++) s += layer.mass[at + i]!;
  return s;
}

/**
 * The mass arriving at a in a row of the next layer: from the same row (a concordant pair,
 * a kept) and the row above (A alone from a − 1, B alone at a), each where its run has a.
 * Computed where it is read, not gathered in an array first (filled, added to, read back:
 * twice the memory traffic of the arithmetic). The terms are added in one order, the
 * concordant share, A alone, B alone, which the unchecked loop in `outcomeTails` keeps: a
 * state's mass is the same number whichever computed it.
 */
function arrivingAt(mass: Float64Array, a: number, sameLo: number, sameHi: number, sameAt: number, upLo: number, upHi: number, upAt: number, p0: number, pp: number, pm: number): number {
  return (a >= sameLo && a <= sameHi ? p0 * mass[sameAt + a]! : 0) + (a > upLo && a <= upHi + 1 ? pp * mass[upAt + a - 1]! : 0) + (a >= upLo && a <= upHi ? pm * mass[upAt + a]! : 0);
}

/** A row's probability below this is dropped (at either end of the m range). */
const NEGLIGIBLE = 1e-12;

/** The observed outcome's place in the law of the test's outcomes when pairs follow `p` (see the header). */
export function outcomeTails(table: ContinuationTable, p: PairLaw, observed: ObservedOutcome): OutcomeTails {
  const total = p.plus + p.zero + p.minus;
  const pp = p.plus / total;
  const p0 = p.zero / total;
  const pm = p.minus / total;
  const sObs = observed.plus - observed.minus;
  const last = observed.pairs;
  let h1Before = 0;
  let h0Before = 0;
  let above = 0;
  let equal = 0;
  let below = 0;
  let work = 0;
  // The states still running after n pairs: rows m ∈ [mLo, mLo + rows), row r holding
  // a ∈ [aLo[b + r], … + len[b + r]) at offset off[b + r] of `mass`. Two layers, swapped
  // each pair and grown when needed (allocating per pair costs more than the arithmetic).
  let mLo = 0;
  let rows = 1;
  let b = 0;
  let cur = newLayer(64, 64);
  let nxt = newLayer(64, 64);
  cur.len[0] = 1;
  cur.mass[0] = 1;
  for (let n = 1; n <= last; n++) {
    const { aLo, len, off, mass } = cur;
    const nRows = rows + 1;
    const row = table.ensure(n, mLo, mLo + nRows - 1);
    if (nxt.len.length < nRows) nxt = newLayer(2 * nRows, nxt.mass.length);
    const { aLo: nALo, len: nLen, off: nOff } = nxt;
    // Sizes first: each new row's run clipped to where mass can arrive.
    let size = 0;
    for (let r = 0; r < nRows; r++) {
      const m = mLo + r;
      // Mass arrives at a ∈ [from, to]: from row m (a kept) and row m − 1 (a or a + 1).
      let from = Infinity;
      let to = -Infinity;
      if (r < rows && len[b + r]! > 0) {
        from = aLo[b + r]!;
        to = from + len[b + r]! - 1;
      }
      if (r >= 1 && len[b + r - 1]! > 0) {
        from = Math.min(from, aLo[b + r - 1]!);
        to = Math.max(to, aLo[b + r - 1]! + len[b + r - 1]!);
      }
      const lo = Math.max(from, row.lo[m - row.start]!);
      const hi = Math.min(to, row.hi[m - row.start]!);
      nALo[r] = lo;
      nLen[r] = hi >= lo ? hi - lo + 1 : 0;
      nOff[r] = size;
      size += nLen[r]!;
    }
    if (nxt.mass.length < size) nxt = { ...nxt, mass: new Float64Array(2 * size) };
    const next = nxt.mass;
    const final = n === last;
    for (let r = 0; r < nRows; r++) {
      const m = mLo + r;
      // The row's arrivals over a ∈ [from, to]: from row m (a kept) and row m − 1 (a or a + 1).
      const sameLen = r < rows ? len[b + r]! : 0;
      const upLen = r >= 1 ? len[b + r - 1]! : 0;
      let from = Infinity;
      let to = -Infinity;
      // The runs' ends in a, and where a's mass sits in `mass` (mass[sameAt + a], mass[upAt + a]).
      let sameLo = 0;
      let sameHi = -1;
      let sameAt = 0;
      let upLo = 0;
      let upHi = -1;
      let upAt = 0;
      if (sameLen > 0) {
        sameLo = aLo[b + r]!;
        sameHi = sameLo + sameLen - 1;
        sameAt = off[b + r]! - sameLo;
        from = sameLo;
        to = sameHi;
      }
      if (upLen > 0) {
        upLo = aLo[b + r - 1]!;
        upHi = upLo + upLen - 1;
        upAt = off[b + r - 1]! - upLo;
        from = Math.min(from, upLo);
        to = Math.max(to, upHi + 1);
      }
      if (from > to) continue;
      work += to - from + 1;
      // Split into stopped at H0 (a < keepLo), going on, stopped at H1 (a > keepHi), in
      // ascending a (each sum below adds its terms in that order).
      const bandLo = row.lo[m - row.start]!;
      const bandHi = row.hi[m - row.start]!;
      const keepLo = nALo[r]!;
      const keepLen = nLen[r]!;
      const keepHi = keepLo + keepLen - 1;
      const h0End = Math.min(to, bandLo - 1); // a ≤ bandLo − 1: stopped at H0
      for (let a = from; a <= h0End; a++) {
        const v = arrivingAt(mass, a, sameLo, sameHi, sameAt, upLo, upHi, upAt, p0, pp, pm);
        if (!final) h0Before += v;
        else if (observed.decision !== 'H0') below += v;
        else {
          const sum = 2 * a - m;
          if (sum < sObs) below += v;
          else if (sum === sObs) equal += v;
        }
      }
      if (keepLen > 0) {
        const dst = nOff[r]! - keepLo;
        if (final && observed.decision === null) {
          for (let a = keepLo; a <= keepHi; a++) {
            const v = arrivingAt(mass, a, sameLo, sameHi, sameAt, upLo, upHi, upAt, p0, pp, pm);
            next[dst + a] = v;
            const sum = 2 * a - m;
            if (sum > sObs) above += v;
            else if (sum === sObs) equal += v;
            else below += v;
          }
        } else {
          // Where both rows hold a and a − 1, the sum without the runs' checks (the same sum).
          const coreLo = Math.max(keepLo, sameLo, upLo + 1);
          const coreHi = Math.min(keepHi, sameHi, upHi);
          let a = keepLo;
          for (; a < coreLo && a <= keepHi; a++) next[dst + a] = arrivingAt(mass, a, sameLo, sameHi, sameAt, upLo, upHi, upAt, p0, pp, pm);
          for (; a <= coreHi; a++) next[dst + a] = p0 * mass[sameAt + a]! + pp * mass[upAt + a - 1]! + pm * mass[upAt + a]!;
          for (; a <= keepHi; a++) next[dst + a] = arrivingAt(mass, a, sameLo, sameHi, sameAt, upLo, upHi, upAt, p0, pp, pm);
        }
      }
      for (let a = Math.max(from, bandHi + 1); a <= to; a++) {
        const v = arrivingAt(mass, a, sameLo, sameHi, sameAt, upLo, upHi, upAt, p0, pp, pm);
        if (!final) h1Before += v;
        else if (observed.decision !== 'H1') above += v;
        else {
          const sum = 2 * a - m;
          if (sum > sObs) above += v;
          else if (sum === sObs) equal += v;
        }
      }
    }
    // Drop the end rows that hold (almost) nothing.
    let first = 0;
    let end = nRows;
    while (first < end && rowMass(nxt, first) < NEGLIGIBLE) first++;
    while (end > first && rowMass(nxt, end - 1) < NEGLIGIBLE) end--;
    mLo += first;
    rows = end - first;
    b = first;
    const done = cur;
    cur = nxt;
    nxt = done;
    if (rows === 0) break;
  }
  if (observed.decision === 'H1') {
    above += h1Before;
    below = Math.max(0, 1 - above - equal);
  } else if (observed.decision === 'H0') {
    below += h0Before;
    above = Math.max(0, 1 - below - equal);
  } else {
    above += h1Before;
    below += h0Before;
  }
  return { above, equal, below, work };
}
