// Reading valgrind's count of instructions (scripts/instructions.ts): the total a run
// executed, from cachegrind's summary, and a warmed-up game's share of two runs.

/**
 * The instructions executed, from cachegrind's summary on stderr ("==123== I   refs:
 * 2,658,234,082"); null when the text has none (valgrind missing, or the run failed).
 */
export function instructionsOf(stderr: string): number | null {
  const m = /^==\d+== I\s+refs:\s+([\d,]+)\s*$/m.exec(stderr);
  return m === null ? null : Number(m[1]!.replaceAll(',', ''));
}

/**
 * Instructions a game, from a run of `first` games and one of `first + games`: the
 * difference over `games`, so what both runs share (node's start, the modules' loading,
 * the JIT's warm-up over the first games) cancels out.
 */
export function perGame(run: { readonly short: number; readonly long: number; readonly games: number }): number {
  if (!(run.games > 0)) throw new RangeError(`games must be positive, not ${run.games}`);
  return (run.long - run.short) / run.games;
}
