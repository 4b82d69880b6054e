// The belief agent's model of the other players: how likely each public act is from a
// werewolf and from anyone else, as relative likelihoods (posterior.ts multiplies them
// into each deal's weight). Written `belief:voteAim=1.5,talk=0.4`; the heuristic's knobs
// (docs/heuristic.md: fakeClaim, seerReveal, trust, bus, follow) are accepted too and
// steer the play the belief agent keeps from it, with one default of its own (its
// werewolves fake the Seer more often: BELIEF_KNOBS). The canonical text lists only what
// differs from the defaults, model parameters first, in the order below.

import { didYouMean, err, ok, type Result } from '../../engine/index.js';
import { DEFAULT_KNOBS, KNOB_SPECS, parseKnobs, type Knobs } from '../heuristic/knobs.js';

export interface BeliefParams {
  /** An honest player contradicting the truth: a non-werewolf's false report or false claim of a card someone else holds. */
  readonly slip: number;
  /** How likely a werewolf claims to be the Seer (or the Little Girl) in a game. */
  readonly claimWolf: number;
  /** How likely the real Seer (or Little Girl) claims her card in a game. */
  readonly claimReal: number;
  /** A false Seer's report names a werewolf (rather than an innocent) with this probability. */
  readonly accuse: number;
  /** A false Seer names her own packmate a werewolf this much as often as an innocent. */
  readonly accuseMate: number;
  /** A false Seer names a rival claimant of her card a werewolf this much as often as another innocent. */
  readonly accuseRival: number;
  /** A false Seer clears her own packmate this much as often as an innocent. */
  readonly clearMate: number;
  /** A werewolf votes for (or suspects) a packmate this much as often as for an innocent. */
  readonly voteMate: number;
  /** Anyone else votes for (or suspects) a werewolf this much as often as for an innocent. */
  readonly voteAim: number;
  /** A suspicion or an announced intent weighs this much of a ballot. */
  readonly talk: number;
  /** A werewolf vouches for a packmate this much as often as for an innocent. */
  readonly vouchMate: number;
  /** The pack kills an innocent who accused one of its werewolves this much as often as another. */
  readonly silence: number;
  /** A werewolf casts a first-round ballot against the vote intent he announced that day this much as often as anyone else. */
  readonly turn: number;
  /** How far a ballot cast with the crowd counts less: its weight is 1 − herd × (the share of that round's ballots for the same player). */
  readonly herd: number;
  /** Play, not reading: how much a unanimous, trusted intent adds to a target's posterior when choosing a vote (heuristic/consensus.ts), on top of the intents the posterior weighs. */
  readonly bandwagon: number;
  /** Play, not reading: how much a victim's value falls per unit of log-belief a kill would add to the public's belief in the true pack. */
  readonly deceive: number;
  /** Play, not reading: the chance a werewolf casts a safe ballot against a packmate when it makes the pack look less likely (agent.ts packBallot). */
  readonly distance: number;
  /** Play, not reading: how the pack's fake Seer is chosen (agent.ts packClaimants): 1, the first packmate to speak; 2, by the public's belief; 0, drawn by the pack's seats (the heuristic's). */
  readonly claimBy: number;
  /** Play, not reading: the share of the day's living who speak first; a bystander among them names a player drawn from its posterior rather than its likeliest werewolf (agent.ts talkTarget). */
  readonly openers: number;
}

/**
 * Tuned by self-play (scripts/belief-tune.ts, SPSA, 300 steps; docs/belief.md "Tuning"),
 * accepted through `sim sprt` against the hand-set first version.
 */
export const DEFAULT_PARAMS: BeliefParams = {
  slip: 0.0143,
  claimWolf: 0.0346,
  claimReal: 0.949,
  accuse: 0.571,
  accuseMate: 0.0702,
  accuseRival: 10.2,
  clearMate: 2.56,
  voteMate: 0.181,
  voteAim: 1.65,
  talk: 0.376,
  vouchMate: 8.19,
  silence: 8.4,
  herd: 0.524,
  turn: 1,
  bandwagon: 0,
  deceive: 10,
  distance: 0,
  claimBy: 0,
  openers: 0.1,
};

/** The heuristic's knobs as the belief agent has them by default: fakeClaim tuned with the parameters. */
export const BELIEF_KNOBS: Knobs = { ...DEFAULT_KNOBS, fakeClaim: 0.87 };

interface ParamSpec {
  readonly key: keyof BeliefParams;
  /** Largest value allowed (every parameter is positive; probabilities at most 1). */
  readonly max: number;
  /** A parameter of play, not of the model (whose likelihoods need logs): 0 is allowed and turns it off. */
  readonly play?: true;
  readonly doc: string;
}

export const PARAM_SPECS: readonly ParamSpec[] = [
  { key: 'slip', max: 1, doc: "probability that a non-werewolf's report or card claim is false all the same (default 0.0143)" },
  { key: 'claimWolf', max: 1, doc: 'probability that a werewolf claims to be the Seer or the Little Girl in a game (default 0.0346)' },
  { key: 'claimReal', max: 1, doc: 'probability that the real Seer or Little Girl claims her card in a game (default 0.949)' },
  { key: 'accuse', max: 1, doc: "probability that a false Seer's report names a werewolf (default 0.571)" },
  { key: 'accuseMate', max: 100, doc: 'how much more often a false Seer names her packmate a werewolf than an innocent (default 0.0702)' },
  { key: 'accuseRival', max: 100, doc: 'how much more often a false Seer names a rival claimant a werewolf than another innocent (default 10.2)' },
  { key: 'clearMate', max: 100, doc: 'how much more often a false Seer clears her packmate than an innocent (default 2.56)' },
  { key: 'voteMate', max: 100, doc: 'how much more often a werewolf votes for or suspects a packmate than an innocent (default 0.181)' },
  { key: 'voteAim', max: 100, doc: 'how much more often anyone else votes for or suspects a werewolf than an innocent (default 1.65)' },
  { key: 'talk', max: 1, doc: 'weight of a suspicion or an announced vote intent, as a share of a ballot (default 0.376)' },
  { key: 'vouchMate', max: 100, doc: 'how much more often a werewolf vouches for a packmate than for an innocent (default 8.19)' },
  { key: 'silence', max: 100, doc: 'how much more often the pack kills an innocent who accused one of its werewolves than another (default 8.4)' },
  { key: 'herd', max: 1, doc: "how far a ballot cast with the crowd counts less (0: not at all; 1: a unanimous ballot counts nothing) (default 0.524)" },
  { key: 'turn', max: 100, doc: 'how much more often a werewolf votes against the intent he announced that day than anyone else does (default 1: not evidence)' },
  { key: 'bandwagon', max: 10, play: true, doc: "how much a unanimous, trusted vote intent adds to a target's posterior when choosing a vote, beyond what the posterior makes of it (default 0: intents counted once, as evidence; the heuristic's is 0.4)" },
  { key: 'deceive', max: 100, play: true, doc: "the pack's weight on what a kill tells the public about it: a victim's value falls by this times the log of the factor the kill multiplies the public's belief in the true pack by (default 10)" },
  { key: 'distance', max: 1, play: true, doc: "probability that a werewolf votes for a packmate instead of the village's innocent target, where that ballot cannot send him out, he did not announce the innocent, and it makes the pack look less likely (default 0: off)" },
  { key: 'claimBy', max: 2, play: true, doc: "how the pack's fake Seer is chosen, the pack deciding alike whether to fake: 1, the first packmate to speak that day (a village favours the first of rival claimants); 2, whichever living packmate still to speak makes the pack look least likely to the public by claiming; 0, one drawn by the pack's seats, who draws whether to fake himself, as the heuristic's (default 0)" },
  { key: 'openers', max: 1, play: true, doc: "the share of the day's living who speak first; a bystander among them names a player drawn from its posterior (each in proportion to the chance he holds a werewolf card) instead of its likeliest (default 0.1; 0: everyone names the likeliest)" },
];

export interface ParsedBelief {
  readonly params: BeliefParams;
  readonly knobs: Knobs;
  /** Canonical argument text ('' when everything has its default). */
  readonly text: string;
}

const PARAM_KEYS: readonly string[] = PARAM_SPECS.map((s) => s.key);
const ALL_KEYS: readonly string[] = [...PARAM_KEYS, ...KNOB_SPECS.map((s) => s.key)];

/** Parses `voteAim=1.5,fakeClaim=0`: model parameters, then heuristic knobs (undefined or '': the defaults). */
export function parseBelief(argument: string | undefined): Result<ParsedBelief, string> {
  const out: Record<string, number> = { ...DEFAULT_PARAMS };
  const given = new Set<string>();
  const knobParts: string[] = [];
  const parts = (argument ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return err(`a belief parameter is written name=value (e.g. voteAim=1.5), not '${part}'; they are ${ALL_KEYS.join(', ')}`);
    const name = part.slice(0, eq).trim();
    const spec = PARAM_SPECS.find((s) => s.key.toLowerCase() === name.toLowerCase());
    if (spec === undefined) {
      if (!KNOB_SPECS.some((s) => s.key.toLowerCase() === name.toLowerCase()))
        return err(`unknown belief parameter '${name}'${didYouMean(name, ALL_KEYS)}; they are ${ALL_KEYS.join(', ')}`);
      knobParts.push(part);
      continue;
    }
    if (given.has(spec.key)) return err(`belief parameter ${spec.key} is given twice`);
    given.add(spec.key);
    const raw = part.slice(eq + 1).trim();
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v) || v < 0 || (v === 0 && spec.play !== true) || v > spec.max)
      return err(`belief parameter ${spec.key} takes a number ${spec.play === true ? 'from 0' : 'above 0'} and at most ${spec.max}, not '${raw}'`);
    out[spec.key] = v;
  }
  const knobs = parseKnobs(knobParts.join(','), BELIEF_KNOBS);
  if (!knobs.ok) return knobs;
  const params = out as unknown as BeliefParams;
  const own = PARAM_SPECS.filter((s) => params[s.key] !== DEFAULT_PARAMS[s.key]).map((s) => `${s.key}=${params[s.key]}`);
  const text = [...own, ...(knobs.value.text === '' ? [] : [knobs.value.text])].join(',');
  return ok({ params, knobs: knobs.value.knobs, text });
}
