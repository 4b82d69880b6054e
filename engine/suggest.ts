// "Did you mean": the nearest known name to a mistyped word (a flag, a command, a role, a
// rule option, an agent's parameter), by edit distance (a swap of two neighbouring letters
// counts as one edit), or one it is the start of. The one rule for every such hint.

/** Edits (insert, delete, replace, swap of neighbours) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** The known name closest to `word` (within a third of its length, at least 2 edits), or one it begins; undefined if none is near. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(w, name.toLowerCase());
    if (best === undefined || d < best.d) best = { name, d };
  }
  if (best !== undefined && best.d <= Math.max(2, Math.floor(w.length / 3))) return best.name;
  if (w.length >= 3) return known.find((k) => k.toLowerCase().startsWith(w));
  return undefined;
}

/** The hint to append to an error about `word`: " (did you mean 'x'?)", or nothing. */
export function didYouMean(word: string, known: readonly string[]): string {
  const c = closest(word, known);
  return c === undefined ? '' : ` (did you mean '${c}'?)`;
}
