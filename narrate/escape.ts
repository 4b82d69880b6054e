// Text from a game shown to a person: a model or an outside agent may write anything, and
// what it writes must never act on the reader's terminal or page, nor hide in it. Every
// character that is not plainly visible text is shown escaped (`\x1b`, `\u202e`,
// `\u{e0041}`), never raw; everything else is kept. Hidden are:
//   - controls (Cc: C0 but the newline, DEL, C1 — ESC, BEL and NEL among them);
//   - format characters (Cf: the bidirectional controls such as U+202E, zero-width
//     characters, the soft hyphen U+00AD, U+180E, the interlinear annotations U+FFF9–FFFB,
//     the tag characters U+E0001 and U+E0020–E007F);
//   - every default-ignorable code point (Unicode's Default_Ignorable_Code_Point: U+034F,
//     the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the variation selectors — an
//     emoji's U+FE0F included, since they can smuggle data — and the whole tag block
//     U+E0000–E0FFF);
//   - the line and paragraph separators U+2028/U+2029;
//   - private-use characters and noncharacters (no agreed glyph: a reader cannot tell what
//     they are), and lone surrogates.
// The same set is what agents/llm/quote.ts writes as escapes in a prompt. HTML escaping
// is a separate, later step (reports/html.ts).

/** The characters never shown raw (the newline aside, which `visible` keeps and `visibleLine` escapes). */
const HIDDEN_CLASS = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Co}\p{Noncharacter_Code_Point}\p{Cs}]`;

/** Matches one hidden character, the newline included (for text that is written on one line, or into a prompt). */
export const HIDDEN_OR_NEWLINE = new RegExp(HIDDEN_CLASS, 'gu');
const HIDDEN = new RegExp(`(?!\\n)${HIDDEN_CLASS}`, 'gu');

/** One character (a code point) as people read an escape: `\x1b`, `\u202e`, `\u{e0041}`. */
function escapeOne(c: string): string {
  const code = c.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/** `text` with every character that could act on a terminal, reorder a line or hide shown escaped. */
export function visible(text: string): string {
  return text.replace(HIDDEN, escapeOne);
}

/**
 * `visible(text)` on one line: its newlines shown as `\n` too, for text quoted inside a
 * line (a speech in a transcript), where a newline could begin a forged line of its own.
 */
export function visibleLine(text: string): string {
  return visible(text).replaceAll('\n', '\\n');
}

/** Whether `text` holds a character `visible` would escape. */
export function hasHidden(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}

/** The first character of `text` that `visible` (with the newline) would escape, shown escaped; undefined if none. */
export function firstHidden(text: string): string | undefined {
  const m = new RegExp(HIDDEN_CLASS, 'u').exec(text);
  return m === null ? undefined : escapeOne(m[0]);
}

/**
 * `text` as an error message (one paragraph) quotes it: shown `visibleLine`, and cut after
 * `max` characters with the length said (a 5,000-character flag value is not echoed whole).
 */
export function excerpt(text: string, max = 40): string {
  const chars = [...text];
  if (chars.length <= max) return visibleLine(text);
  return `${visibleLine(chars.slice(0, max).join(''))}… (${chars.length} characters)`;
}

/** `\uXXXX` (a surrogate pair beyond U+FFFF): JSON's own escape of one code point. */
function jsonEscape(c: string): string {
  const u = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
  const code = c.codePointAt(0)!;
  if (code <= 0xffff) return u(code);
  const v = code - 0x10000;
  return u(0xd800 + (v >> 10)) + u(0xdc00 + (v & 0x3ff));
}

/**
 * JSON text of `value` in which no string holds a hidden character raw: JSON.stringify
 * escapes the C0 controls only, and leaves DEL, C1, U+202E, U+2028 and the like as they
 * are; here each is written as its `\uXXXX` escape. The same JSON value, safe to `cat`.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(HIDDEN_OR_NEWLINE, jsonEscape);
}
