// What `sim` prints about speed: LLM runs play well under a game a second, and that must
// not read as "0 games/s".

import { describe, expect, it } from 'vitest';
import { gamesPerSecond } from '../../scripts/cli/format.js';

describe('games per second', () => {
  it('whole numbers with thousands separators from 10 up, two significant digits below', () => {
    expect(gamesPerSecond(11840.4)).toBe('11,840');
    expect(gamesPerSecond(10)).toBe('10');
    expect(gamesPerSecond(9.96)).toBe('10');
    expect(gamesPerSecond(4.06)).toBe('4.1');
    expect(gamesPerSecond(2 / 4.06)).toBe('0.49');
    expect(gamesPerSecond(4 / 20.9)).toBe('0.19');
  });
});
