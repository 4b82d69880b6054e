// Scripted play for rule tests: a script answers the decisions it cares about, the
// random agent (on each seat's own stream) answers the rest. `dealt` stacks the deck so
// that the wanted cards sit on the wanted seats, the others shuffled.

import { randomAnswer } from '../../agents/random.js';
import { isTargetKind, type Answer, type Decision } from '../../engine/index.js';
import type { EventOf, EventType } from '../../engine/index.js';
import { Game } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { seatStream, stream, type Rng } from '../../engine/index.js';
import { resolveSetup, type GameSetup } from '../../engine/index.js';

/** An answer, a target seat (or null) for target decisions, or undefined: let the random agent answer. */
export type Script = (d: Decision, g: Game) => Answer | number | null | undefined;

/**
 * The setup of a mix under a preset, without a sheriff unless `rules` says `sheriff=...`,
 * and with voters who may abstain unless it says `dayVoteMayAbstain=...` (a script's null vote).
 */
export function setupOf(roles: string, rules: readonly string[] = [], preset = 'standard'): GameSetup {
  // A rule given twice is refused: the default only where the caller says nothing of it.
  const unless = (key: string, rule: string) => (rules.some((a) => a.split('=')[0]!.trim() === key) ? [] : [rule]);
  const r = resolveSetup({ preset, roles, rules: [...unless('sheriff', 'sheriff=false'), ...unless('dayVoteMayAbstain', 'dayVoteMayAbstain=true'), ...rules] });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/**
 * A game whose deal puts `seats[i]` on seat i (undefined: any card): the deck shuffled by
 * `tag`, then each wanted card swapped onto its seat, dealt as a stacked deck (no search).
 */
export function dealt(setup: GameSetup, seats: readonly (Role | undefined)[], tag = 'deal'): Game {
  const deck = stream(tag, 'deal').shuffle([...setup.deck]);
  seats.forEach((role, k) => {
    if (role === undefined || deck[k] === role) return;
    // From a seat nobody asked a card of, or one still waiting for another card.
    const free = (i: number) => seats[i] === undefined || (i > k && seats[i] !== deck[i]);
    const j = deck.findIndex((r, i) => r === role && free(i));
    if (j < 0) throw new Error(`the deck of ${setup.deck.join(',')} cannot deal ${seats.join(',')}`);
    [deck[k], deck[j]] = [deck[j]!, deck[k]!];
  });
  return new Game(setup, tag, { stackedDeck: deck });
}

export interface RunOptions {
  /** Stop (before answering) once this is true. */
  readonly until?: (g: Game) => boolean;
  /** Called for every decision before it is answered (for checks). */
  readonly onDecision?: (d: Decision, g: Game) => void;
}

/** Plays until the game ends or `until`; a refused scripted answer fails the test. */
export function run(g: Game, script: Script = () => undefined, opts: RunOptions = {}): Game {
  const rngs = new Map<number, Rng>();
  const rng = (seat: number) => rngs.get(seat) ?? rngs.set(seat, seatStream(g.seed, seat)).get(seat)!;
  let steps = 0;
  while (!g.over && !(opts.until?.(g) ?? false)) {
    if (++steps > 200_000) throw new Error('the game did not end');
    for (const d of g.pending()) {
      opts.onDecision?.(d, g);
      const x = script(d, g);
      let a: Answer;
      if (x === undefined) a = randomAnswer(d, rng(d.seat));
      else if (x === null || typeof x === 'number') {
        if (!isTargetKind(d.kind)) throw new Error(`script gave a target for a ${d.kind} decision`);
        a = { kind: d.kind, target: x } as Answer;
      } else a = x;
      const r = g.submit(d.seat, a, d.id);
      if (!r.ok) throw new Error(`scripted answer refused: ${r.error.message} (${JSON.stringify(a)})`);
    }
  }
  return g;
}

/** Stops right before a decision of `kind` (by `seat`) is answered. */
export const before = (kind: Decision['kind'], seat?: number) => (g: Game) =>
  g.pending().some((d) => d.kind === kind && (seat === undefined || d.seat === seat));

export function eventsOf<T extends EventType>(g: Game, type: T): EventOf<T>[] {
  return g.log.filter((e) => e.type === type) as EventOf<T>[];
}

export function causes(g: Game): { seat: number; cause: string }[] {
  return eventsOf(g, 'death-cause').map((e) => ({ seat: e.seat, cause: e.cause }));
}

/** The living neighbours of a seat, computed independently of the engine (walk left, walk right). */
export function livingNeighbours(g: Game, seat: number): number[] {
  const s = g.state;
  const n = s.players;
  const out = new Set<number>();
  for (let k = 1; k < n; k++) {
    const i = (seat + k) % n;
    if (s.seats[i]!.alive) {
      out.add(i);
      break;
    }
  }
  for (let k = 1; k < n; k++) {
    const i = (seat - k + n) % n;
    if (s.seats[i]!.alive) {
      out.add(i);
      break;
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Plays `games` games of a setup with the random agent, checking each decision. */
export function many(setup: GameSetup, games: number, tag: string, onDecision?: (d: Decision, g: Game) => void): Game[] {
  const out: Game[] = [];
  for (let i = 0; i < games; i++) out.push(run(new Game(setup, `${tag}#${i}`), undefined, onDecision ? { onDecision } : {}));
  return out;
}
