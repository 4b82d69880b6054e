// Command-line options for the small scripts: node's own parser, strict, with the
// mistake and the usage printed (never a stack trace) when the words are wrong.

import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function args<O extends Options>(usage: string, options: O): ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'] {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    fail(`${e instanceof Error ? e.message : String(e)}\n\n${usage}`);
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message.trimEnd()}\n`);
  process.exit(2);
}

/** A whole number ≥ min from an option's text. */
export function whole(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`--${name} takes a whole number of at least ${min}, not '${text}'`);
  return n;
}

/** A comma-separated list of whole numbers (e.g. player counts). */
export function wholeList(name: string, text: string | undefined, fallback: readonly number[]): number[] {
  if (text === undefined) return [...fallback];
  return text.split(',').map((t) => whole(name, t.trim(), 0, 1));
}

/** The paths a speed script times: the game alone (`play`) and `sim`'s path in this thread (`sim`). */
export type PlayPath = 'play' | 'sim';

/** `--paths` as a list of play paths (`fallback` when absent); a word that is neither fails with the usage. */
export function playPaths(text: string | undefined, fallback: PlayPath, usage: string): PlayPath[] {
  const paths = (text ?? fallback).split(',').map((p) => p.trim());
  for (const p of paths) if (p !== 'play' && p !== 'sim') fail(`--paths takes play, sim or both, not '${p}'\n\n${usage}`);
  return paths as PlayPath[];
}
