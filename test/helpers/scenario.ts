// Scenario tests: a stacked deck (seat i gets card i) and a plan of answers, so that a
// rule can be exercised exactly and its effect asserted.

import { fallbackAnswer, isTargetKind, type Answer, type Decision, type DecisionKind, type DecisionOf } from '../../engine/index.js';
import type { EventOf, EventType } from '../../engine/index.js';
import { Game } from '../../engine/index.js';
import type { RuleOptions } from '../../engine/index.js';
import { findPreset } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { ROLES } from '../../engine/index.js';
import type { GameSetup } from '../../engine/index.js';

export interface ScenarioSpec {
  /** Cards in seat order; with a thief, the 2 left-over cards last. */
  readonly deck: readonly Role[];
  readonly preset?: string;
  readonly rules?: Partial<RuleOptions>;
  readonly seed?: string;
  /** Players (default: the deck's length, less 2 with a thief). */
  readonly players?: number;
}

export function setupOf(spec: ScenarioSpec): GameSetup {
  const preset = findPreset(spec.preset ?? 'standard')!;
  const players = spec.players ?? (spec.deck.includes('thief') ? spec.deck.length - 2 : spec.deck.length);
  const deck = [...spec.deck].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b));
  // Voters may abstain unless a test says otherwise (every preset has dayVoteMayAbstain=false):
  // a vote the plan leaves out is then a pass, and sends nobody out by accident.
  return { players, deck, options: { ...preset.options, dayVoteMayAbstain: true, ...spec.rules }, preset: preset.name };
}

export function scenario(spec: ScenarioSpec): Game {
  return new Game(setupOf(spec), spec.seed ?? 'scenario', { stackedDeck: spec.deck });
}

/** A plan answer: a full answer, a target seat (0-based) or null, or a function of the decision. */
export type PlanValue = Answer | number | null | ((d: Decision, g: Game) => Answer | number | null | undefined);
/** Keys: a decision kind (any seat) or `kind@seat`. Arrays are used in turn, then the fallback. */
export type Plan = Partial<Record<DecisionKind | `${DecisionKind}@${number}`, PlanValue | PlanValue[]>>;

function resolve(v: PlanValue, d: Decision, g: Game): Answer | undefined {
  const x = typeof v === 'function' ? v(d, g) : v;
  if (x === undefined) return undefined;
  if (x === null || typeof x === 'number') {
    if (!isTargetKind(d.kind)) throw new Error(`plan gives a target for a ${d.kind} decision`);
    return { kind: d.kind, target: x } as Answer;
  }
  return x;
}

/**
 * Plays the game with the plan (unplanned decisions get `fallbackAnswer`: pass where
 * legal, else the first legal choice) until it ends or `until` is true. A refused
 * planned answer fails the test.
 */
export function play(g: Game, plan: Plan = {}, until?: (g: Game) => boolean): Game {
  const used = new Map<string, number>();
  const take = (key: string, d: Decision): Answer | undefined => {
    const v = plan[key as keyof Plan];
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) return resolve(v, d, g);
    const i = used.get(key) ?? 0;
    if (i >= v.length) return undefined;
    used.set(key, i + 1);
    return resolve(v[i] as PlanValue, d, g);
  };
  let guard = 0;
  while (!g.over && !(until?.(g) ?? false)) {
    if (++guard > 100_000) throw new Error('scenario did not end');
    for (const d of g.pending()) {
      const a = take(`${d.kind}@${d.seat}`, d) ?? take(d.kind, d) ?? fallbackAnswer(d);
      const r = g.submit(d.seat, a, d.id);
      if (!r.ok) throw new Error(`planned answer refused: ${r.error.message} (${JSON.stringify(a)})`);
    }
  }
  return g;
}

/** The decisions owed now, or stops the game right before a decision of `kind`. */
export const before = (kind: DecisionKind, seat?: number) => (g: Game) =>
  g.pending().some((d) => d.kind === kind && (seat === undefined || d.seat === seat));

export function eventsOf<T extends EventType>(g: Game, type: T): EventOf<T>[] {
  return g.log.filter((e) => e.type === type) as EventOf<T>[];
}

export function deaths(g: Game): { seat: number; cause: string }[] {
  return eventsOf(g, 'death-cause').map((e) => ({ seat: e.seat, cause: e.cause }));
}

/** Villagers to fill a deck. */
export const v = (n: number): Role[] => Array<Role>(n).fill('villager');

/** A target per night (night 1 first); undefined after the list: the fallback. */
export const byNight =
  (...targets: (number | null)[]) =>
  (_d: Decision, g: Game): number | null | undefined =>
    targets[g.state.night - 1];

/** The owed decision of `kind` (the first, or seat's), typed. */
export function owed<K extends DecisionKind>(g: Game, kind: K, seat?: number): DecisionOf<K> {
  const d = g.pending().find((x) => x.kind === kind && (seat === undefined || x.seat === seat));
  if (d === undefined) throw new Error(`no ${kind} decision is owed`);
  return d as DecisionOf<K>;
}
