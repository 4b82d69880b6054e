// Text from a game shown to a person: a model or an outside agent may write anything, and
// what it writes must never act on the reader's terminal or page. Control characters (C0
// but the newline, DEL, C1 — ESC and BEL among them), the bidirectional controls that can
// make text read backwards (U+202E), the line and paragraph separators and the zero-width
// characters are shown escaped (`\x1b`, `\u202e`), never raw; everything else is kept.
// HTML escaping is a separate, later step (reports/html.ts).

/** Characters never shown raw: C0 except \n, DEL, C1, bidi controls, separators, zero-widths, BOM. */
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every character that could act on a terminal or reorder a line shown escaped. */
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

/**
 * `text` as an error message quotes it: shown `visible`, and cut after `max` characters
 * with the length said (a 5,000-character flag value is not echoed whole).
 */
export function excerpt(text: string, max = 40): string {
  const chars = [...text];
  if (chars.length <= max) return visible(text);
  return `${visible(chars.slice(0, max).join(''))}… (${chars.length} characters)`;
}
