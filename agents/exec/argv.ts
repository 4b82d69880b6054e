// Command lines as words, the way a POSIX shell reads them but without its expansions:
// `exec:python3 'my bot.py' --level 2` runs python3 with two arguments, no shell, no
// globbing, no variables. The same quoting keeps a seating's canonical text (its
// assignments joined by spaces, registry.ts) readable back when an `exec:` command holds
// spaces: a word is quoted only when it must be, so every seating without one reads as
// before.

import { err, ok, type Result } from '../../engine/index.js';

/** Characters that make a word need quotes. */
const NEEDS_QUOTES = /[\s'"\\]/;

/** A word as the shell would read it back: bare when it can be, else in single quotes. */
export function quoteWord(word: string): string {
  if (word !== '' && !NEEDS_QUOTES.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Words joined by spaces, each quoted when it must be (`splitWords` reads them back). */
export function joinWords(words: readonly string[]): string {
  return words.map(quoteWord).join(' ');
}

/**
 * Splits a command line into words: blanks separate words; '…' keeps everything as it is;
 * "…" keeps everything but `\"` and `\\`; a backslash outside quotes keeps the next
 * character. An unclosed quote or a trailing backslash is an error.
 */
export function splitWords(text: string): Result<string[], string> {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return err(`an unclosed ' in ${text}`);
      cur += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) j++;
        cur += text[j];
      }
      if (j >= text.length) return err(`an unclosed " in ${text}`);
      i = j;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return err(`a backslash ends ${text}: it must escape a character`);
      cur += text[++i];
    } else cur += c;
  }
  if (inWord) words.push(cur);
  return ok(words);
}
