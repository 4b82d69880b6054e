// Rule options: every disagreement between the rule documents, under the canonical
// key of the documents' options (docs/rules.md "Options"), plus a few keys for rules a document states in
// its text but not in the table (marked `extra`). The specs are data: the CLI, the
// stored configuration and the presets are generated from them (the LLM prompt says the
// values in force in plain words, agents/llm/rules.ts, never the keys).

import { CAUSES, isCause, type Cause } from './causes.js';
import { MOON_EVENTS, isMoonEvent, type MoonEvent } from './moon/cards.js';
import { err, ok, type Result } from './result.js';
import { didYouMean } from './suggest.js';

export const WOLVES_WIN = ['all', 'second-last', 'parity'] as const;
export const VICTORY_AT = ['each-death', 'chain-end'] as const;
export const PACK_TARGETS = ['non-wolves', 'anyone', 'self-or-non-wolves'] as const;
export const SEER_SEES = ['role', 'team', 'team-under-10'] as const;
export const GUARD_REPEAT = ['forbidden', 'lethal'] as const;
export const TIE_RULES = ['sheriff-then-revote', 'revote', 'none', 'random'] as const;
export const SPEAKING_ORDERS = ['seat', 'after-victim'] as const;
export const LOVERS_LEARN = ['nothing', 'team', 'role'] as const;
export const CAUGHT_GIRL = ['dies', 'pack-chooses'] as const;
export const GUARD_BLOCKS = ['wolves', 'night'] as const;
export const GUARD_LITTLE_GIRL = ['no-effect', 'refused'] as const;
export const LAST_TIE = ['nobody', 'draw'] as const;
export const SHERIFF_TIE_BREAK = ['choice', 'vote'] as const;

export interface RuleOptions {
  readonly wolvesWin: (typeof WOLVES_WIN)[number];
  readonly victoryAt: (typeof VICTORY_AT)[number];
  readonly packTargets: (typeof PACK_TARGETS)[number];
  readonly packMayAbstain: boolean;
  readonly packRounds: number;
  readonly packStarves: boolean;
  readonly seerSees: (typeof SEER_SEES)[number];
  readonly witchPotionsPerNight: 1 | 2;
  readonly witchSelfHeal: boolean;
  readonly witchSelfPoison: boolean;
  readonly hunterShootsOn: readonly Cause[];
  readonly guardRepeat: (typeof GUARD_REPEAT)[number];
  readonly guardBlocks: (typeof GUARD_BLOCKS)[number];
  readonly guardMayPass: boolean;
  readonly guardLittleGirl: (typeof GUARD_LITTLE_GIRL)[number];
  readonly loversMayVoteEachOther: boolean;
  readonly loversMayKillEachOther: boolean;
  readonly loversLearn: (typeof LOVERS_LEARN)[number];
  readonly dayVoteMayAbstain: boolean;
  readonly tie: (typeof TIE_RULES)[number];
  readonly maxRevotes: number;
  readonly lastTie: (typeof LAST_TIE)[number];
  readonly sheriffTieBreak: (typeof SHERIFF_TIE_BREAK)[number];
  readonly sheriffMayVoidTie: boolean;
  readonly successorMayPass: boolean;
  readonly sheriff: boolean;
  readonly speakingOrder: (typeof SPEAKING_ORDERS)[number];
  readonly nightCausePublic: boolean;
  readonly littleGirlCaught: number;
  readonly caughtGirl: (typeof CAUGHT_GIRL)[number];
  readonly witchSavesCaughtGirl: boolean;
  readonly littleGirlNamesHalf: boolean;
  readonly harvestFestival: boolean;
  readonly newMoon: readonly MoonEvent[];
}
export type OptionKey = keyof RuleOptions;

type Spec =
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'bool' }
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'prob' }
  | { readonly kind: 'causes' }
  | { readonly kind: 'events' };

export interface OptionSpec {
  readonly key: OptionKey;
  readonly spec: Spec;
  /** An option the documents vary (false: a rule a document's text states, given a key here). */
  readonly inTable: boolean;
  /** What the option means, with its values and their documents, for `sim rules`. */
  readonly doc: string;
}

const bool = { kind: 'bool' } as const;
const oneOf = (values: readonly string[]): Spec => ({ kind: 'enum', values });

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    key: 'wolvesWin',
    spec: oneOf(WOLVES_WIN),
    inTable: true,
    doc: 'when the werewolves win: all = no non-wolf left alive; second-last = at most one non-wolf alive (000); parity = wolves at least as many as the others',
  },
  {
    key: 'victoryAt',
    spec: oneOf(VICTORY_AT),
    inTable: false,
    doc: 'when victory is checked: each-death = at the instant of each death (the deaths of one dawn are one instant), so the game ends before a chain reaction such as a hunter\'s shot or a lover\'s grief (000 "as soon as the second last villager dies"; 002 and 004 state victory as a state reached, 004 "狼人杀死所有村人，狼人获胜"; 001 the lovers "消滅除他倆之外的所有游戲者而取勝"); chain-end = once the whole chain of deaths is over, a draw when it leaves nobody (in no document)',
  },
  {
    key: 'packTargets',
    spec: oneOf(PACK_TARGETS),
    inTable: true,
    doc: 'whom the pack may kill: non-wolves; anyone (a werewolf too, 000); self-or-non-wolves (a wolf may offer itself, not a packmate, 001)',
  },
  { key: 'packMayAbstain', spec: bool, inTable: true, doc: 'the pack may choose no victim (000)' },
  {
    key: 'packRounds',
    spec: { kind: 'int', min: 1, max: 20 },
    inTable: false,
    doc: 'rounds of proposals the pack has to agree on one victim; without agreement nobody dies (001, 002: "in the time given")',
  },
  {
    key: 'packStarves',
    spec: bool,
    inTable: false,
    doc: 'a pack that agrees on no victim has kept its eyes closed and starves: its werewolves die of hunger at dawn, and the village wins (000 "If no werewolves open their eyes, they die of hunger and the villagers win"); false: it kills nobody that night and lives on. Only with packMayAbstain',
  },
  {
    key: 'seerSees',
    spec: oneOf(SEER_SEES),
    inTable: true,
    doc: "what the seer learns: the role; the team only (werewolf or not, 002); team-under-10 = the team below 10 players, the role from 10 (001)",
  },
  {
    key: 'witchPotionsPerNight',
    spec: { kind: 'int', min: 1, max: 2 },
    inTable: true,
    doc: 'how many of her two potions the witch may use in one night (000: 2, 001: 1)',
  },
  { key: 'witchSelfHeal', spec: bool, inTable: true, doc: 'the witch may heal herself (000, 002)' },
  { key: 'witchSelfPoison', spec: bool, inTable: false, doc: 'the witch may poison herself (002)' },
  {
    key: 'hunterShootsOn',
    spec: { kind: 'causes' },
    inTable: true,
    doc: `the causes of death on which the hunter shoots (any of ${CAUSES.join(', ')}; "all"; "-cause" removes one)`,
  },
  {
    key: 'guardRepeat',
    spec: oneOf(GUARD_REPEAT),
    inTable: true,
    doc: 'guarding the same player two nights running: forbidden (001, 004) or lethal, it kills him (002)',
  },
  {
    key: 'guardBlocks',
    spec: oneOf(GUARD_BLOCKS),
    inTable: false,
    doc: "what the guard's protection blocks: wolves = the pack's attack only, the witch's poison still kills (001, 002); night = every death of that night, the poison too (004: the guarded player does not die that night). Never the Little Girl's (004), nor the death of a guard's repeat under guardRepeat=lethal",
  },
  {
    key: 'guardMayPass',
    spec: bool,
    inTable: false,
    doc: 'the guard may protect nobody on a night (001 每晚可以守護一個人, 002 每天晚上可以守护一个人: he "may" guard one each night); false: he names a player every night (004 守卫每晚指定任一玩家)',
  },
  {
    key: 'guardLittleGirl',
    spec: oneOf(GUARD_LITTLE_GIRL),
    inTable: false,
    doc: 'the guard and the Little Girl: no-effect = he may name her and the protection does nothing (004 小女孩如受保护不生效); refused = the moderator turns over the card of the player he names and turns him away from her (001 守衛守護的人要由主持人翻看其身份牌，守衛不可以守護小女孩): he is shown her card and chooses again',
  },
  { key: 'loversMayVoteEachOther', spec: bool, inTable: true, doc: 'a lover may vote against the other (002, 001: no)' },
  {
    key: 'loversMayKillEachOther',
    spec: bool,
    inTable: false,
    doc: 'a lover may name the other as pack victim, poison or shoot him (001: lovers may never point at or kill each other)',
  },
  {
    key: 'loversLearn',
    spec: oneOf(LOVERS_LEARN),
    inTable: false,
    doc: "what the lovers learn of each other's card: nothing (004), team = human or wolf (002), or the role",
  },
  {
    key: 'dayVoteMayAbstain',
    spec: bool,
    inTable: false,
    doc: 'a voter may abstain in the day vote and its re-votes; false: every voter names a player (000 "must select one player", 002 and 004 所有玩家都伸出手…同时把手指向, every hand points), so a vote always sends someone out or ties; a seat that gives no vote gets the fallback, the first legal player, counted as its error',
  },
  {
    key: 'tie',
    spec: oneOf(TIE_RULES),
    inTable: true,
    doc: 'a tied day vote: sheriff-then-revote = the sheriff decides, without one the tied are voted on again (000, 001); revote = the tied speak again and everyone re-votes among them (002); none = nobody goes (004); random = one of the tied, uniformly (theory). A Scapegoat in play overrides it',
  },
  {
    key: 'maxRevotes',
    spec: { kind: 'int', min: 0, max: 50 },
    inTable: false,
    doc: 're-votes after a tied day vote at most (a bound of ours on "re-vote until someone goes", 002); lastTie says what a tie after the last one does',
  },
  {
    key: 'lastTie',
    spec: oneOf(LAST_TIE),
    inTable: false,
    doc: "a tie after the last re-vote (maxRevotes): nobody goes; or draw = the moderator draws one of the tied, who goes (002 re-votes \"until someone goes\": the draw is our safeguard against players who tie forever, counted in the results)",
  },
  {
    key: 'sheriffTieBreak',
    spec: oneOf(SHERIFF_TIE_BREAK),
    inTable: false,
    doc: "how the sheriff breaks a tie under tie=sheriff-then-revote: choice = he chooses one of the tied afterwards (001); vote = the tied player his own vote named goes, and if it named none of them the tied are voted on again (000: \"the captain's vote selects the victim\")",
  },
  {
    key: 'sheriffMayVoidTie',
    spec: bool,
    inTable: false,
    doc: 'on a tie the sheriff may declare the vote void instead of choosing (001)',
  },
  {
    key: 'successorMayPass',
    spec: bool,
    inTable: false,
    doc: 'the dying sheriff may name no successor, and the village has no sheriff from then on (002 临死时可以指定, 004 则可一名玩家作继任者: he "may"); false: he must name one (000 "in his last breath he chooses his successor", 001 臨死前必須指定繼任者)',
  },
  {
    key: 'sheriff',
    spec: bool,
    inTable: true,
    doc: 'a sheriff is elected on day 1: double vote, breaks ties, names a successor',
  },
  {
    key: 'speakingOrder',
    spec: oneOf(SPEAKING_ORDERS),
    inTable: true,
    doc: "day speeches: seat order, or after-victim = clockwise from the left of the night's victim (002)",
  },
  {
    key: 'nightCausePublic',
    spec: bool,
    inTable: false,
    doc: 'the dawn announces how each night death came: the pack, the poison (or a lethal guard) (000 "The gamemaster shows all players which player was killed by the werewolves", "will reveal to the village the effect of the witch the next morning"); false: the night\'s dead are announced without their cause (001, 002, 004 宣布昨晚死去的人是谁)',
  },
  {
    key: 'littleGirlCaught',
    spec: { kind: 'prob' },
    inTable: true,
    doc: "probability that the little girl's peek is caught (her rules give no number)",
  },
  {
    key: 'caughtGirl',
    spec: oneOf(CAUGHT_GIRL),
    inTable: false,
    doc: "the Little Girl caught peeking: dies = she is the night's victim instead of the pack's (000, 004); pack-chooses = the pack (its leader) may kill her instead of its victim, or let her live and keep its victim (001, 002)",
  },
  {
    key: 'witchSavesCaughtGirl',
    spec: bool,
    inTable: false,
    doc: "the witch's heal saves the Little Girl the pack caught (001: 但可以被女巫拯救, but she can be saved by the witch); false: she dies at once, instead of the pack's victim, and the witch is shown no victim that night (000 \"killed immediately instead of the selected victim\", 002 立即死亡, 004 立刻死)",
  },
  {
    key: 'littleGirlNamesHalf',
    spec: bool,
    inTable: false,
    doc: 'a player claiming to be the Little Girl may name at most half the werewolves, rounded down (001)',
  },
  {
    key: 'harvestFestival',
    spec: bool,
    inTable: false,
    doc: "004's Harvest Festival variant: powers change (neighbour-only wolf kills, guard and hunter; three unlabelled cards for the seer; a single potion of random effect; Cupid's secret third lover; the sheriff votes first; ...)",
  },
  {
    key: 'newMoon',
    spec: { kind: 'events' },
    inTable: false,
    doc: `004's New Moon event deck: the events whose cards are shuffled in, one drawn each dawn (any of ${MOON_EVENTS.join(', ')}; "all"; "none"; "-event" removes one)`,
  },
];

export const OPTION_KEYS: readonly OptionKey[] = OPTION_SPECS.map((s) => s.key);

const SPEC_BY_KEY = new Map(OPTION_SPECS.map((s) => [s.key, s]));

export function optionSpec(key: OptionKey): OptionSpec {
  return SPEC_BY_KEY.get(key)!;
}

/** The rules when nothing is said: document 004's (the standard edition), see presets.ts. */
export const DEFAULT_OPTIONS: RuleOptions = {
  wolvesWin: 'all',
  victoryAt: 'each-death',
  packTargets: 'non-wolves',
  packMayAbstain: false,
  packRounds: 3,
  packStarves: false,
  seerSees: 'role',
  witchPotionsPerNight: 2,
  witchSelfHeal: true,
  witchSelfPoison: false,
  hunterShootsOn: [...CAUSES],
  guardRepeat: 'forbidden',
  guardBlocks: 'night',
  guardMayPass: false,
  guardLittleGirl: 'no-effect',
  loversMayVoteEachOther: false,
  loversMayKillEachOther: true,
  loversLearn: 'nothing',
  dayVoteMayAbstain: false,
  tie: 'none',
  maxRevotes: 2,
  lastTie: 'nobody',
  sheriffTieBreak: 'choice',
  sheriffMayVoidTie: false,
  successorMayPass: true,
  sheriff: true,
  speakingOrder: 'seat',
  nightCausePublic: false,
  littleGirlCaught: 0.2,
  caughtGirl: 'dies',
  witchSavesCaughtGirl: false,
  littleGirlNamesHalf: false,
  harvestFestival: false,
  newMoon: [],
};

/** Parses a set of names: `a,b`, `all`, `all,-b`, `none`. Sorted in the universe's order. */
function parseSet<T extends string>(
  text: string,
  universe: readonly T[],
  is: (s: string) => s is T,
  what: string,
  whatPlural: string,
): Result<T[], string> {
  const set = new Set<T>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    if (part === 'all') {
      for (const c of universe) set.add(c);
      continue;
    }
    if (part === 'none') continue;
    const remove = part.startsWith('-');
    const name = remove ? part.slice(1) : part;
    if (!is(name)) return err(`unknown ${what} '${name}'${didYouMean(name, universe)}; ${whatPlural} are ${universe.join(', ')}`);
    if (remove) set.delete(name);
    else set.add(name);
  }
  return ok(universe.filter((c) => set.has(c)));
}

/** Parses a set of causes: `wolves,vote`, `all`, `all,-poison`. Sorted in CAUSES order. */
export function parseCauses(text: string): Result<Cause[], string> {
  return parseSet(text, CAUSES, isCause, 'cause of death', 'causes');
}

/** Parses a set of New Moon events: `miracle,punishment`, `all`, `all,-april-fools`. */
export function parseMoonEvents(text: string): Result<MoonEvent[], string> {
  return parseSet(text, MOON_EVENTS, isMoonEvent, 'New Moon event', 'New Moon events');
}

function parseValue(spec: OptionSpec, raw: string): Result<unknown, string> {
  const v = raw.trim();
  const s = spec.spec;
  switch (s.kind) {
    case 'enum':
      if (s.values.includes(v)) return ok(v);
      return err(`rule ${spec.key} takes one of ${s.values.join(', ')}, not '${v}'${didYouMean(v, s.values)}`);
    case 'bool':
      if (v === 'true' || v === 'yes' || v === '1') return ok(true);
      if (v === 'false' || v === 'no' || v === '0') return ok(false);
      return err(`rule ${spec.key} takes true or false, not '${v}'`);
    case 'int': {
      const n = Number(v);
      if (!Number.isInteger(n) || n < s.min || n > s.max)
        return err(`rule ${spec.key} takes a whole number from ${s.min} to ${s.max}, not '${v}'`);
      return ok(n);
    }
    case 'prob': {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n) || n < 0 || n > 1)
        return err(`rule ${spec.key} takes a probability from 0 to 1, not '${v}'`);
      return ok(n);
    }
    case 'causes':
      return parseCauses(v);
    case 'events':
      return parseMoonEvents(v);
  }
}

/**
 * Parses `key=value` assignments (the CLI's `--rule`) into overrides. An option given twice
 * is refused, even with one value: the last silently winning would hide a typo.
 */
export function parseRuleAssignments(assignments: readonly string[]): Result<Partial<RuleOptions>, string> {
  const out: Record<string, unknown> = {};
  const written = new Map<string, string>();
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) return err(`a rule is written key=value (e.g. tie=none), not '${a}'`);
    const key = a.slice(0, eq).trim();
    const spec = SPEC_BY_KEY.get(key as OptionKey);
    if (spec === undefined)
      return err(`unknown rule option '${key}'${didYouMean(key, OPTION_KEYS)}; options are ${OPTION_KEYS.join(', ')}`);
    const before = written.get(key);
    if (before !== undefined)
      return err(`rule ${key} is given twice ('${before}' and '${a.trim()}'): give each rule once, with the value you mean`);
    written.set(key, a.trim());
    const value = parseValue(spec, a.slice(eq + 1));
    if (!value.ok) return value;
    out[key] = value.value;
  }
  return ok(out as Partial<RuleOptions>);
}

/** Checks a whole options object (e.g. read back from storage or JSON). */
export function validateOptions(o: Record<string, unknown>): Result<RuleOptions, string> {
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(o)) {
    const spec = SPEC_BY_KEY.get(key as OptionKey);
    if (spec === undefined) return err(`unknown rule option '${key}'${didYouMean(key, OPTION_KEYS)}`);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    const parsed = parseValue(spec, text);
    if (!parsed.ok) return parsed;
    out[key] = parsed.value;
  }
  return ok(out as unknown as RuleOptions);
}

/** The text form of one option's value, as `--rule` takes it back. */
export function formatOptionValue(key: OptionKey, options: RuleOptions): string {
  const v = options[key];
  if (!Array.isArray(v)) return String(v);
  const universe = key === 'newMoon' ? MOON_EVENTS.length : CAUSES.length;
  return v.length === universe ? 'all' : v.length === 0 ? 'none' : v.join(',');
}

/** Every option as `key=value`, in spec order: the canonical text of a rule set. */
export function formatOptions(options: RuleOptions): string[] {
  return OPTION_KEYS.map((k) => `${k}=${formatOptionValue(k, options)}`);
}
