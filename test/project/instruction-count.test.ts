// The instruction benchmark's reading of valgrind (scripts/instructions.ts): the count
// from cachegrind's summary, and a game's share of two runs. The benchmark itself runs
// valgrind and is not run here. Mutations: the summary's thousands separators kept, or
// the short run's count not subtracted, fail it.

import { describe, expect, it } from 'vitest';
import { instructionsOf, perGame } from '../../scripts/lib/instruction-count.js';

const SUMMARY = `==25427== Cachegrind, a high-precision tracing profiler
==25427== Command: node --predictable -e ...
==25427==
2124.60 µs/game
==25427==
==25427== I   refs:      2,658,234,082
`;

describe('instructionsOf', () => {
  it.each([
    ['the summary', SUMMARY, 2_658_234_082],
    ['a count under a thousand', '==7== I   refs:      512\n', 512],
    ['no summary (valgrind missing or the run failed)', 'node: bad option: --predictable\n', null],
    ['a line that only looks like it', 'I refs: 12\n', null],
  ])('%s', (_, text, count) => expect(instructionsOf(text)).toBe(count));
});

describe('perGame', () => {
  it('is the difference of the two runs over the games between them', () => {
    expect(perGame({ short: 1_000_000, long: 5_400_000, games: 20 })).toBe(220_000);
  });
  it('refuses a run of no games', () => {
    expect(() => perGame({ short: 1, long: 2, games: 0 })).toThrow(RangeError);
  });
});
