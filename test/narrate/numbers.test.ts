// narrate/numbers.ts: whole numbers with commas, as Intl writes them in English, without
// starting Intl. Planted: a comma one digit off (`% 3 === 1`), the sign dropped, or -0
// written "0" — each fails the table or the sweep against Intl.

import { describe, expect, test } from 'vitest';
import { grouped, roundedGrouped } from '../../narrate/numbers.js';
import { Rng } from '../../engine/index.js';

describe('grouped', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [10_000, '10,000'],
    [123_456, '123,456'],
    [1_234_567, '1,234,567'],
    [-1000, '-1,000'],
    [-0, '-0'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
    [1234.5, '1,234.5'],
    [1e21, '1,000,000,000,000,000,000,000'],
  ])('%d → %s', (n, text) => {
    expect(grouped(n)).toBe(text);
    expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });

  test("writes every whole number as toLocaleString('en-US') does, across the magnitudes", () => {
    const rng = new Rng('grouped numbers');
    for (let i = 0; i < 2000; i++) {
      const digits = 1 + rng.int(15);
      const n = (rng.int(2) === 0 ? -1 : 1) * Math.floor(rng.float() * 10 ** digits);
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  test('roundedGrouped rounds first, as the summaries did', () => {
    expect(roundedGrouped(12_843.6)).toBe('12,844');
    expect(roundedGrouped(-0.4)).toBe(Math.round(-0.4).toLocaleString('en-US'));
  });
});
