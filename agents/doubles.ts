// Per-seat fractions as plain arrays of doubles, for every agent and the trace: not
// Float64Arrays, which past 8 numbers are made outside the heap.

/**
 * `n` copies of `value`, in an array that holds doubles from the start (filled with a
 * fraction first), so later stores of fractions do not convert it. For the per-seat
 * fractions of the heuristic's views and public record, the belief agent's sums and the
 * trace's stated beliefs: at 12 or 18 players a Float64Array is made outside the heap
 * (~0.3–0.7 µs each, and work for the collector), and a game made some thirty of them.
 */
export function doubles(n: number, value = 0): number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) out.push(0.5);
  for (let s = 0; s < n; s++) out[s] = value;
  return out;
}
