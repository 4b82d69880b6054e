// What a player wrote, as it goes into a prompt: a JSON string literal (docs/LLM.md, "The
// prompt's structure"), so no character of it can end the quotation or begin a line of the
// prompt's own. Beyond JSON's own escapes (the double quote, the backslash, C0 controls),
// every character that can break a line or hide itself is written as a \uXXXX escape too:
// DEL, C1 (NEL among them), the line and paragraph separators U+2028/U+2029, the
// bidirectional controls, the zero-width characters and the BOM — the set narrate/escape.ts
// never shows raw to people. `JSON.parse` of the literal gives the text back exactly.

/** What JSON.stringify leaves raw but a prompt must not: DEL, C1, bidi controls, separators, zero-widths, BOM. */
const EXTRA = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` as a JSON string literal with nothing in it that breaks a line or hides itself. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(EXTRA, escape);
}

/** Any value as JSON the same way (a model's own answer quoted back in an error); `undefined` as `null`. */
export function json(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(EXTRA, escape);
}

/**
 * At most `max` characters of `text` (UTF-16 units, as the engine's MAX_TEXT counts), not
 * splitting a surrogate pair; `cut` is the number of characters dropped (0: whole).
 */
export function capped(text: string, max: number): { readonly text: string; readonly cut: number } {
  if (text.length <= max) return { text, cut: 0 };
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end), cut: text.length - end };
}
