// The heuristic agent's play-style knobs, written `heuristic:fakeClaim=0.3,trust=0.6`.
// Each is a main choice a designer may want to vary to see whether a result depends on
// play style. The canonical text lists only the knobs that differ from the defaults, in
// the order below, so `heuristic:trust=0.8` and `heuristic` are the same agent (and
// store as the same text).

import { didYouMean, err, ok, type Result } from '../../engine/index.js';

export interface Knobs {
  /** Probability that the pack's designated wolf claims to be the Seer (once per game and wolf). */
  readonly fakeClaim: number;
  /** The day from which the Seer reveals even without having found a werewolf; Infinity: never (silent). */
  readonly seerReveal: number;
  /** How far villagers believe an uncontested Seer (or Little Girl) claim, 0 (ignore) to 1 (fully). */
  readonly trust: number;
  /** Probability that a wolf votes against a packmate the village is about to eliminate anyway. */
  readonly bus: number;
  /** How far a player follows the vote intents of speakers it has no reason to trust, 0 (not at all) to 1 (as one it trusts fully). */
  readonly follow: number;
}

export const DEFAULT_KNOBS: Knobs = { fakeClaim: 0.3, seerReveal: 1, trust: 0.8, bus: 1, follow: 0 };

/** The largest day number `seerReveal` takes (games of up to 30 players end well before). */
export const MAX_REVEAL_DAY = 99;

type KnobKind = 'prob' | 'day';

interface KnobSpec {
  readonly key: keyof Knobs;
  readonly kind: KnobKind;
  readonly doc: string;
}

export const KNOB_SPECS: readonly KnobSpec[] = [
  {
    key: 'fakeClaim',
    kind: 'prob',
    doc: "probability (0–1) that the pack's designated wolf claims to be the Seer and reports false results (default 0.3)",
  },
  {
    key: 'seerReveal',
    kind: 'day',
    doc:
      'the day (1–99) from which the Seer claims her role and reports every result even without having found a werewolf; ' +
      "she reveals earlier when she has found one, is about to be voted out, or another player claims to be the Seer. 'never': " +
      'she keeps silent all game, whatever happens (she still votes on what she knows) (default 1: she claims on day 1)',
  },
  {
    key: 'trust',
    kind: 'prob',
    doc: "how far villagers believe an uncontested Seer or Little Girl claim, 0 (ignore claims) to 1 (take them as true); contested claims share it (default 0.8)",
  },
  {
    key: 'bus',
    kind: 'prob',
    doc: 'probability (0–1) that a wolf votes against a packmate the village is about to eliminate anyway ("bussing") rather than voting elsewhere (default 1)',
  },
  {
    key: 'follow',
    kind: 'prob',
    doc:
      "how far a player follows the vote intents of speakers it has no more reason to trust than a seat drawn at random, 0 (only trusted speakers' intents count) to 1 " +
      '(every intent counts by 1 − the speaker\'s suspicion, so the table follows the first speaker on a tie: the herding style) (default 0)',
  },
];

const KEYS: readonly string[] = KNOB_SPECS.map((s) => s.key);

function parseValue(spec: KnobSpec, raw: string): Result<number, string> {
  const v = raw.trim();
  if (spec.kind === 'day') {
    if (v === 'never') return ok(Infinity);
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || n < 1 || n > MAX_REVEAL_DAY)
      return err(`knob ${spec.key} takes a day from 1 to ${MAX_REVEAL_DAY} or 'never', not '${v}'`);
    return ok(n);
  }
  const n = Number(v);
  if (v === '' || !Number.isFinite(n) || n < 0 || n > 1) return err(`knob ${spec.key} takes a number from 0 to 1, not '${v}'`);
  return ok(n);
}

function formatValue(spec: KnobSpec, value: number): string {
  return spec.kind === 'day' && value === Infinity ? 'never' : String(value);
}

export interface ParsedKnobs {
  readonly knobs: Knobs;
  /** Canonical argument text ('' when every knob has its default). */
  readonly text: string;
}

/**
 * Parses `fakeClaim=0.3,seerReveal=never` (undefined or '': the defaults). An agent that
 * keeps the heuristic's play with defaults of its own (the belief agent) passes them; the
 * canonical text lists what differs from them.
 */
export function parseKnobs(argument: string | undefined, defaults: Knobs = DEFAULT_KNOBS): Result<ParsedKnobs, string> {
  const out: Record<string, number> = { ...defaults };
  const given = new Set<string>();
  const parts = (argument ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return err(`a knob is written name=value (e.g. fakeClaim=0.3), not '${part}'; knobs are ${KEYS.join(', ')}`);
    const name = part.slice(0, eq).trim();
    const spec = KNOB_SPECS.find((s) => s.key.toLowerCase() === name.toLowerCase());
    if (spec === undefined) return err(`unknown knob '${name}'${didYouMean(name, KEYS)}; knobs are ${KEYS.join(', ')}`);
    if (given.has(spec.key)) return err(`knob ${spec.key} is given twice`);
    given.add(spec.key);
    const value = parseValue(spec, part.slice(eq + 1));
    if (!value.ok) return value;
    out[spec.key] = value.value;
  }
  const knobs = out as unknown as Knobs;
  const text = KNOB_SPECS.filter((s) => knobs[s.key] !== defaults[s.key])
    .map((s) => `${s.key}=${formatValue(s, knobs[s.key])}`)
    .join(',');
  return ok({ knobs, text });
}
