// A run: a setup, a seed, a seating, a number of games, and the shard of the run's game
// indices this process plays. Game i's result depends only on (setup, seed, seating, i)
// — so a run can be split across workers, shards and machines, stopped and resumed, and
// still give the same games. The run's key is a hash of exactly that identity (the shard
// excluded): equal keys, equal games.

import { humanKind } from '../agents/human/kind.js';
import { createHash } from 'node:crypto';
import { parseSeating, seatingWords, type Seating } from '../agents/registry.js';
import { formatOptions, validateOptions } from '../engine/index.js';
import { findPreset } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { isRole, type Role } from '../engine/index.js';
import { buildDeck, describeSetup, type GameSetup } from '../engine/index.js';
import { excerpt } from '../narrate/escape.js';

export interface Shard {
  /** 1-based, as `--shard k/n` and batch systems' array indices count. */
  readonly k: number;
  readonly n: number;
}

export const WHOLE_RUN: Shard = { k: 1, n: 1 };

export interface RunConfig {
  readonly setup: GameSetup;
  readonly seed: string;
  readonly seating: Seating;
  /** Games of the whole run (all shards). */
  readonly games: number;
  readonly shard: Shard;
  /** What its own figure counts a game with a fallback as (default 'keep'); not part of its key. */
  readonly policy?: RunPolicy | undefined;
  /**
   * The seats its games are played in (default 'dealt'): 'shuffled' moves each game's
   * cards to other seats by the game's own draw (engine `seatShuffle`), an agent seated by
   * number moving with its card — people changing places at `sim table`. Part of its key.
   */
  readonly seatOrder?: SeatOrder | undefined;
}

export const SEAT_ORDERS = ['dealt', 'shuffled'] as const;
export type SeatOrder = (typeof SEAT_ORDERS)[number];

/**
 * What a game in which an agent fell back counts for in a run's own figure (`sim
 * --policy`; tournaments/failure-policy.ts says what each does). A reading, not a way of
 * playing: it is not part of the run's key, and the games are the same under each.
 */
export const RUN_POLICIES = ['keep', 'forfeit', 'void'] as const;
export type RunPolicy = (typeof RUN_POLICIES)[number];

/** Game indices [first, stop) of a shard: contiguous blocks, sizes differing by at most one. */
export interface IndexRange {
  readonly first: number;
  readonly stop: number;
}

export function shardRange(games: number, shard: Shard): IndexRange {
  return { first: Math.floor(((shard.k - 1) * games) / shard.n), stop: Math.floor((shard.k * games) / shard.n) };
}

export function shardText(shard: Shard): string {
  return `${shard.k}/${shard.n}`;
}

export function parseShard(text: string, games: number): Result<Shard, string> {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (m === null) return err(`--shard '${text}' is not of the form k/n (e.g. --shard 3/8 plays the third of 8 parts)`);
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1) return err(`--shard ${text}: the number of shards n must be at least 1`);
  if (k < 1 || k > n) return err(`--shard ${text}: k must be between 1 and ${n} (shards are numbered 1 to n)`);
  if (n > games) return err(`--shard ${text}: ${n} shards of ${games} games would leave some empty; use at most ${games} shards or more games`);
  return ok({ k, n });
}

const codePoint = (c: string): string => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');

/** The characters a seed may hold: letters, marks, digits, punctuation, symbols and the space. */
const SEED_CHAR = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
export const MAX_SEED = 64;

/**
 * A seed is text (`7` and `007` are different runs): 1 to 64 characters of any script —
 * letters, digits, marks, punctuation, symbols, spaces inside — trimmed and normalized to
 * Unicode NFC, so that the same text typed on any machine (é as one character, or as e and
 * a combining accent) is the same seed and plays the same games. Refused: `#` and `/`
 * (they join the seed, the game index and the stream: `S#i/deal`), control and invisible
 * format characters, unassigned and private-use code points, other spaces.
 */
export function parseSeed(text: string): Result<string, string> {
  const s = text.trim().normalize('NFC');
  const chars = [...s];
  const why =
    chars.length === 0
      ? 'it is empty'
      : chars.length > MAX_SEED
        ? `it has ${chars.length} characters, more than ${MAX_SEED}`
        : chars.some((c) => c === '#' || c === '/')
          ? '# and / are reserved (game i of seed S is seeded S#i, its streams S#i/deal, …)'
          : chars.some((c) => !SEED_CHAR.test(c))
            ? `it holds U+${codePoint(chars.find((c) => !SEED_CHAR.test(c))!)}, a control, invisible, unassigned or private-use character`
            : null;
  if (why !== null)
    return err(
      `--seed '${excerpt(text)}' is not a valid seed: ${why}. A seed is 1 to ${MAX_SEED} letters, digits, marks, punctuation, symbols or spaces of any script (e.g. --seed 42, --seed 狼人-1)`,
    );
  return ok(s);
}

/** The seating as its canonical assignments (`random`, `2=heuristic`, `werewolves=random`). */
export function seatingValues(seating: Seating): string[] {
  const words = seatingWords(seating.text);
  if (!words.ok) throw new Error(`a seating's own text does not read back: ${words.error}`);
  return words.value;
}

/** The distinct agent specs of a seating, in order: the codes stored per seat (1-based). */
export function specList(seating: Seating): string[] {
  return [...new Set(seating.assignments.map((a) => a.spec.text))];
}

/** The run's identity (shard excluded): 16 hex digits of sha256. */
export function runKey(c: Pick<RunConfig, 'setup' | 'seed' | 'seating' | 'games' | 'seatOrder'>): string {
  // A run as dealt keeps the key it had before seat orders existed.
  const order = c.seatOrder === 'shuffled' ? { seatOrder: 'shuffled' } : {};
  const identity = JSON.stringify({ setup: describeSetup(c.setup), seed: c.seed, seating: c.seating.text, games: c.games, ...order });
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** A stored setup (JSON of GameSetup) checked and rebuilt; its canonical text must match `text`. */
export function setupFromJson(json: string, text: string): Result<GameSetup, string> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return err('the stored setup is not valid JSON');
  }
  const o = raw as Partial<Record<keyof GameSetup, unknown>>;
  if (typeof o.players !== 'number' || !Array.isArray(o.deck) || typeof o.preset !== 'string' || typeof o.options !== 'object' || o.options === null)
    return err('the stored setup lacks players, deck, preset or options');
  const counts = new Map<Role, number>();
  for (const r of o.deck) {
    if (typeof r !== 'string' || !isRole(r)) return err(`the stored deck holds '${String(r)}', which this version does not know`);
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const deck = buildDeck(counts, o.players);
  if (!deck.ok) return err(`the stored deck is not playable here: ${deck.error}`);
  const options = validateOptions(o.options as Record<string, unknown>);
  if (!options.ok) return err(`the stored rule options are not valid here: ${options.error}`);
  if (findPreset(o.preset) === undefined) return err(`the stored preset '${o.preset}' is unknown to this version`);
  const setup: GameSetup = { players: o.players, deck: deck.value, options: options.value, preset: o.preset };
  const again = describeSetup(setup);
  if (again !== text) return err(`the stored setup reads differently in this version, which would play other games (${setupDifference(text, again)}): replay or resume it with the werewolf-lab that wrote it`);
  return ok(setup);
}

/** What two setup texts say differently, `key=value` words: "stored: a=1, b=2; now: a=3, c=4". */
function setupDifference(stored: string, now: string): string {
  const s = stored.split(' ');
  const n = now.split(' ');
  const only = (xs: string[], ys: string[]) => {
    const out = xs.filter((x) => !ys.includes(x));
    return out.length === 0 ? 'nothing' : out.length <= 8 ? out.join(', ') : `${out.slice(0, 8).join(', ')} and ${out.length - 8} more`;
  };
  return `stored: ${only(s, n)}; now: ${only(n, s)}`;
}

/** A stored seating rebuilt from its canonical text. */
export function seatingFromText(text: string): Result<Seating, string> {
  const words = seatingWords(text);
  if (!words.ok) return err(`the stored seating '${text}' cannot be rebuilt: ${words.error}`);
  // A stored run may seat people (sim table): their games are replayed from their answers.
  const s = parseSeating(words.value, { kinds: [humanKind] });
  if (!s.ok) return err(`the stored seating '${text}' cannot be rebuilt: ${s.error}`);
  if (s.value.text !== text) return err(`the stored seating '${text}' reads as '${s.value.text}' in this version`);
  return s;
}

/** The options of a setup that differ from its preset's, as `key=value` (`--rule` takes them back). */
export function changedRules(setup: GameSetup): string[] {
  const preset = findPreset(setup.preset);
  if (preset === undefined) return formatOptions(setup.options);
  const base = formatOptions(preset.options);
  return formatOptions(setup.options).filter((t, i) => t !== base[i]);
}

/** A setup's preset as people name it ("004: Standard"), or its bare key. */
export function presetTitle(setup: GameSetup): string {
  const p = findPreset(setup.preset);
  return p === undefined ? setup.preset : `${p.name}: ${p.title}`;
}

/** The rule options a setup changes from its preset's, or "as in the preset". */
export function rulesText(setup: GameSetup): string {
  const changed = changedRules(setup);
  return changed.length === 0 ? 'as in the preset' : changed.join(' ');
}

/** When the user named no worker count: where a run starts, and when it moves to the workers (runs/execute.ts). */
export interface ThreadFirst {
  /** A run of fewer games starts in this thread (workers start cold: a thread finishes a small run of fast games first). */
  readonly below: number;
  /** Seconds of play in this thread before its speed is trusted (the JIT compiles a seating's code over its first thousands of games). */
  readonly pilotSeconds: number;
  /** … after which the rest goes to the workers if this thread would take longer than this (seconds) to finish it. */
  readonly switchSeconds: number;
}

/**
 * Workers start cold (loading, then the JIT's warm-up: a few tenths of a second each), and
 * two on 2 cores play at about 1.5 times one thread, so a short run is played in this
 * thread. Measured on 2 cores, 004's 8 players, stored, the wall time of the thread
 * against 2 workers from the start (median of 3): random agents 1.31 s against 1.27 at
 * 10,000 games, 2.08 against 1.89 at 30,000 and 5.18 against 3.86 at 100,000; belief
 * agents 1.71 against 2.04 at 5,000 and 3.75 against 3.61 at 15,000. A bound in games
 * fits fast seatings; slow ones (a game of milliseconds) would spend many seconds on
 * one core under it, so the thread measures its speed and hands the rest to the workers
 * when finishing alone would take clearly longer than the workers' start could cost
 * (0.4 s of start at 1.5 times the speed: 1.2 s). The speed read after half a second is
 * still the JIT's for a slow seating (5,000 belief games read 324–468 µs a game, 190 warm),
 * so the bound is 3 s: at 1.5 s, 5,000 belief games went to the workers in one run of two
 * (2.55 s instead of 1.51).
 */
export const THREAD_FIRST: ThreadFirst = { below: 20_000, pilotSeconds: 0.5, switchSeconds: 3 };
