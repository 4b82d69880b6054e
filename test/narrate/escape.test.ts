// narrate/escape.ts: what a game's text may hold is shown escaped, never raw.
import { describe, expect, test } from 'vitest';
import { hasHidden, safeJson, visible } from '../../narrate/escape.js';
import { csvValue } from '../../reports/export.js';

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
    // Default-ignorable and format characters: each hides, or hides data.
    ['tag characters (ASCII smuggled as U+E0000–E007F)', 'vote P2\u{e0001}\u{e0056}\u{e006f}\u{e007f}', 'vote P2\\u{e0001}\\u{e0056}\\u{e006f}\\u{e007f}'],
    ['soft hyphen', 'P\u00ad3', 'P\\xad3'],
    ['Mongolian vowel separator', 'a\u180eb', 'a\\u180eb'],
    ['interlinear annotation marks', '\ufff9base\ufffahidden\ufffb', '\\ufff9base\\ufffahidden\\ufffb'],
    ['combining grapheme joiner', 'P\u034f1', 'P\\u034f1'],
    ['Hangul fillers', '\u3164\u115f\u1160\uffa0', '\\u3164\\u115f\\u1160\\uffa0'],
    ['variation selectors (data smuggled in an emoji)', '🐺\ufe0f\u{e0100}\u{e01ef}', '🐺\\ufe0f\\u{e0100}\\u{e01ef}'],
    ['invisible operators and Arabic number sign', 'a\u2062b\u2064\u0600', 'a\\u2062b\\u2064\\u0600'],
    ['private use and noncharacters', '\ue000\uf8ff\u{f0000}\ufdd0\uffff\u{10ffff}', '\\ue000\\uf8ff\\u{f0000}\\ufdd0\\uffff\\u{10ffff}'],
    ['a lone surrogate', 'a\ud800b', 'a\\ud800b'],
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

  // Unicode's own lists, over every code point: what is default-ignorable, a format or
  // control character, private use or a noncharacter is escaped; letters, digits, marks,
  // punctuation, symbols and spaces are kept. Mutation: drop \p{Default_Ignorable_Code_Point}
  // from narrate/escape.ts and U+3164, U+034F and the variation selectors come through raw.
  test('every code point: the hidden kinds escaped, visible text kept', () => {
    const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Co}\p{Noncharacter_Code_Point}]/u;
    const raw: string[] = [];
    const escaped: string[] = [];
    for (let c = 0; c < 0x110000; c++) {
      if ((c >= 0xd800 && c <= 0xdfff) || c === 10) continue;
      const ch = String.fromCodePoint(c);
      const out = visible(ch);
      if (hidden.test(ch)) {
        if (out === ch || hasHidden(out)) raw.push(c.toString(16));
      } else if (out !== ch) escaped.push(c.toString(16));
    }
    expect(raw.slice(0, 10)).toEqual([]);
    expect(escaped.slice(0, 10)).toEqual([]);
  });
});

describe('safeJson: JSON whose strings hold nothing hidden raw', () => {
  test.each([
    ['RLO', 'a\u202eb'],
    ['line separator', 'a\u2028b'],
    ['C1 and DEL', 'a\u0085\u007fb'],
    ['a tag character (beyond U+FFFF)', 'a\u{e0041}b'],
    ['ESC (JSON escapes it itself)', 'a\x1bb'],
  ])('%s: escaped, and the same value parsed back', (_name, text) => {
    const out = safeJson({ text });
    expect(hasHidden(out)).toBe(false);
    expect(JSON.parse(out)).toEqual({ text });
  });
});

describe("CSV cells a spreadsheet would run as formulas (OWASP's guard)", () => {
  test.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\\x09x"],
    ['heuristic:fakeClaim=0.3', 'heuristic:fakeClaim=0.3'],
  ])('%j → %s', (text, cell) => {
    expect(csvValue(text)).toBe(cell);
  });

  test('numbers stay numbers', () => {
    expect(csvValue(-1.5)).toBe('-1.5');
  });
});
