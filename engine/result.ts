// A returned error instead of a thrown one (as chessops' Result): an agent's or a
// user's mistake is data the caller can report, count, or retry on.

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

/** The closest of `known` to `word`, for "did you mean" hints (Levenshtein ≤ 3). */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = 4;
  const w = word.toLowerCase();
  for (const k of known) {
    const d = editDistance(w, k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

export function didYouMean(word: string, known: readonly string[]): string {
  const c = closest(word, known);
  return c === undefined ? '' : ` (did you mean '${c}'?)`;
}
