// Text laid out for a terminal: display widths (a CJK character takes two columns, a
// combining mark none) and words wrapped at a width, shown visibly (escape.ts: nothing in
// the text acts on the terminal). Below reports/ so that transcripts wrap their lines too.

import { visible } from './escape.js';

export const TERMINAL_WIDTH = 80;

/** Columns a code point takes in a terminal: 2 for East Asian wide and fullwidth characters, 0 for combining marks and zero-widths. */
export function charWidth(cp: number): number {
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff) return 0;
  if ((cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
    return 2;
  return 1;
}

/** The columns `s` takes in a terminal. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const c of s) w += charWidth(c.codePointAt(0)!);
  return w;
}


/** Words wrapped to `width`, each line starting with `indent` (the spaces between them made one). */
export function wrap(text: string, width = TERMINAL_WIDTH, indent = ''): string[] {
  const words = visible(text).split(/\s+/).filter((w) => w !== '');
  return words.length === 0 ? [] : hanging(indent, words.join(' '), { width, indent: displayWidth(indent) });
}

/**
 * `head` then `text`, wrapped at its spaces to `width`; the lines after the first start
 * with `indent` spaces (default: under the text's start). The spaces between words are kept
 * as written (two, where fields are set apart), but for the ones a line breaks at. A word
 * longer than a whole line (a list written without spaces, `a,b,c`, a long path) breaks
 * after one of `,;:=/+-` where it must; one without any stays whole. For `  name   what it
 * is` lists and `key   values` entries.
 */
export function hanging(head: string, text: string, o: { readonly width?: number; readonly indent?: number } = {}): string[] {
  const width = o.width ?? TERMINAL_WIDTH;
  const indent = ' '.repeat(o.indent ?? displayWidth(head));
  const room = Math.max(1, width - indent.length);
  const out: string[] = [];
  let line = head;
  let first = true;
  // Each word with the spaces before it: [' ', 'seed', '  ', '1', …]; an overlong word as its pieces, joined by no space.
  const parts = visible(text).trim().split(/(\s+)/);
  for (let k = 0; k < parts.length; k += 2) {
    const gap = k === 0 ? '' : parts[k - 1]!.replace(/[^ ]/g, ' ');
    const word = parts[k]!;
    const pieces = displayWidth(word) > room ? piecesOf(word) : [word];
    pieces.forEach((piece, j) => {
      const before = j === 0 ? gap : '';
      if (!first && displayWidth(line) + displayWidth(before) + displayWidth(piece) > width) {
        out.push(line.trimEnd());
        line = indent + piece;
      } else line = first ? line + piece : line + before + piece;
      first = false;
    });
  }
  out.push(line.trimEnd());
  return out;
}

/** Where a word without spaces may break: after one of these (a table's cells too, reports/terminal.ts). */
export const WORD_BREAKS = ',;:=/+-';

/** A word cut after each of its break characters (the pieces, joined, are the word). */
function piecesOf(word: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const c of word) {
    cur += c;
    if (WORD_BREAKS.includes(c)) {
      out.push(cur);
      cur = '';
    }
  }
  if (cur !== '') out.push(cur);
  return out;
}
