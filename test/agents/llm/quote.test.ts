// agents/llm/quote.ts: a player's words in a prompt are a JSON string literal with nothing
// raw in it that breaks a line or hides: each row's characters
// are written as escapes, and JSON.parse gives the words back exactly.
// Mutation: quote.ts's escape set cut to C1, bidi, separators, zero-widths and the BOM,
// and the rows from the soft hyphen on fail.

import { describe, expect, test } from 'vitest';
import { json, quote } from '../../../agents/llm/quote.js';

/** Anything a prompt must not hold raw (the newline included: a quotation is one line). */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Co}\p{Noncharacter_Code_Point}\p{Cs}]/u;

describe('quote', () => {
  test.each([
    ['newlines and carriage returns', 'a\nb\r\nc', String.raw`"a\nb\r\nc"`],
    ['ESC, BEL, DEL, NEL', '\x1b[2J\x07\x7f\x85', String.raw`"\u001b[2J\u0007\u007f\u0085"`],
    ['line and paragraph separators', 'a\u2028b\u2029', String.raw`"a\u2028b\u2029"`],
    ['bidi override and zero-widths', '\u202eevil\u200b\ufeff', String.raw`"\u202eevil\u200b\ufeff"`],
    ['soft hyphen', 'P\u00ad3', String.raw`"P\u00ad3"`],
    ['Mongolian vowel separator', 'a\u180eb', String.raw`"a\u180eb"`],
    ['interlinear annotations', '\ufff9a\ufffab\ufffb', String.raw`"\ufff9a\ufffab\ufffb"`],
    ['combining grapheme joiner and Hangul filler', '\u034f\u3164', String.raw`"\u034f\u3164"`],
    ['tag characters (hidden ASCII)', 'ok\u{e0001}\u{e0056}\u{e007f}', String.raw`"ok\udb40\udc01\udb40\udc56\udb40\udc7f"`],
    ['variation selectors', '🐺\ufe0f\u{e0100}', String.raw`"🐺\ufe0f\udb40\udd00"`],
    ['private use and noncharacters', '\ue000\u{f0000}\ufdd0\uffff', String.raw`"\ue000\udb80\udc00\ufdd0\uffff"`],
    ['a lone surrogate', 'a\ud800', String.raw`"a\ud800"`],
    ['quote marks and backslashes', '"\\“”', String.raw`"\"\\“”"`],
  ])('%s', (_what, text, quoted) => {
    expect(quote(text)).toBe(quoted);
    expect(RAW.test(quote(text))).toBe(false);
    expect(JSON.parse(quote(text))).toBe(text);
    expect(JSON.parse(json({ text }))).toEqual({ text });
    expect(RAW.test(json({ text }))).toBe(false);
  });

  test.each([['plain words'], ['狼人杀 — «quotes»'], ['emoji 🐺 and accents é']])('keeps %j readable', (text) => {
    expect(quote(text)).toBe(`"${text}"`);
  });
});
