// narrate/escape.ts: what a game's text may hold is shown escaped, never raw (issue 10).
import { describe, expect, test } from 'vitest';
import { hasHidden, visible } from '../narrate/escape.js';

describe('visible', () => {
  test.each([
    ['ESC (a colour, a clear-screen)', 'a\x1b[31mred\x1b[2J\x1b[H', 'a\\x1b[31mred\\x1b[2J\\x1b[H'],
    ['BEL', 'ring\x07', 'ring\\x07'],
    ['carriage return (rewrites a line)', 'ok\rforged', 'ok\\x0dforged'],
    ['tab and NUL', 'a\tb\0', 'a\\x09b\\x00'],
    ['DEL and C1 (CSI)', 'x\x7f\x9b2J', 'x\\x7f\\x9b2J'],
    ['right-to-left override', 'evil\u202Etxt.exe', 'evil\\u202etxt.exe'],
    ['bidi isolates and marks', '\u2066a\u2069\u200f\u061c', '\\u2066a\\u2069\\u200f\\u061c'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['zero-width characters and BOM', 'P\u200b3\u200d\ufeff', 'P\\u200b3\\u200d\\ufeff'],
  ])('%s', (_what, text, shown) => {
    expect(hasHidden(text)).toBe(true);
    expect(visible(text)).toBe(shown);
    expect(hasHidden(visible(text))).toBe(false);
  });

  test.each([['plain words'], ['two\nlines'], ['狼人杀 — «quotes» "and" \'more\''], ['emoji 🐺 and accents é']])('keeps %j as it is', (text) => {
    expect(hasHidden(text)).toBe(false);
    expect(visible(text)).toBe(text);
  });

  test('nothing in the first 0x10000 code points that acts on a terminal survives', () => {
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const out = visible(String.fromCharCode(c));
      if (c === 10) expect(out).toBe('\n');
      else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x202e || c === 0x2028) expect(out.startsWith('\\')).toBe(true);
    }
  });
});
