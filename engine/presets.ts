// One preset per rule document: the options as that document sets them, and its
// player-count table. Where a document is silent (docs/rules.md "Presets") the preset takes
// the most common choice among the documents that speak; each such choice is noted.

import { CAUSES } from './causes.js';
import { DEFAULT_OPTIONS, type RuleOptions } from './options.js';
import type { Role } from './teams.js';

export type RoleCounts = Readonly<Partial<Record<Role, number>>>;

export interface Preset {
  readonly name: string;
  /** The rule document it follows (`../shared/seeds/NNN_*.txt`). */
  readonly document: '000' | '001' | '002' | '004';
  readonly title: string;
  readonly options: RuleOptions;
  /** Role mixes by player count. */
  readonly table: Readonly<Record<number, RoleCounts>>;
  /** Whose table it is, when the document has none of its own. */
  readonly tableSource: string;
  /**
   * How the points its document leaves open were filled, for docs/rules.md and `sim
   * presets`: each note starts with the option keys it fills ("key, key: ..."); every key
   * the document does not settle has one (test/engine/rules/documents.test.ts).
   */
  readonly notes: readonly string[];
}

const allBut = (...except: string[]) => CAUSES.filter((c) => !except.includes(c));

/** 004's table (8–18 players: werewolves / seer / villagers). */
const TABLE_004: Record<number, RoleCounts> = {};
for (const [players, wolves] of [
  [8, 2], [9, 2], [10, 2], [11, 2], [12, 3], [13, 3], [14, 3], [15, 3], [16, 3], [17, 3], [18, 4],
] as const) {
  TABLE_004[players] = { werewolf: wolves, seer: 1, villager: players - wolves - 1 };
}

/** 001's table (6, 8, 10, 12 players). */
const TABLE_001: Record<number, RoleCounts> = {
  6: { werewolf: 1, seer: 1, cupid: 1, witch: 1, villager: 2 },
  8: { werewolf: 2, seer: 1, cupid: 1, witch: 1, hunter: 1, villager: 2 },
  10: { werewolf: 2, seer: 1, cupid: 1, witch: 1, hunter: 1, guard: 1, villager: 3 },
  12: { werewolf: 3, seer: 1, cupid: 1, witch: 1, hunter: 1, guard: 1, elder: 1, idiot: 1, villager: 2 },
};

/** Notes every preset shares: points no document settles. */
const NOBODY_SAYS = [
  'packRounds: no document counts the rounds of "the time given" (001, 002); 3',
  'littleGirlCaught: no document gives a chance of being caught; 0.2',
];
const VARIANTS_OFF = "harvestFestival, newMoon: 004's variant and expansion, off (--rule harvestFestival=true, --rule newMoon=all)";

export const PRESETS: readonly Preset[] = [
  {
    name: 'thiercelieux',
    document: '000',
    title: 'English Thiercelieux rules (000)',
    options: {
      ...DEFAULT_OPTIONS,
      wolvesWin: 'second-last',
      packTargets: 'anyone',
      packMayAbstain: true,
      packStarves: true,
      seerSees: 'role',
      witchPotionsPerNight: 2,
      witchSelfHeal: true,
      hunterShootsOn: ['wolves', 'vote'],
      guardBlocks: 'wolves',
      tie: 'sheriff-then-revote',
      sheriffTieBreak: 'vote',
      successorMayPass: false,
      sheriff: true,
      speakingOrder: 'seat',
      nightCausePublic: true,
      caughtGirl: 'dies',
    },
    table: TABLE_004,
    tableSource: '004 (000 refers to the box table its text lacks; 004 is that box table)',
    notes: [
      ...NOBODY_SAYS,
      'witchSelfPoison: silent; false (only 002 allows it)',
      'guardRepeat: no guard in 000; forbidden (001, 004)',
      'guardBlocks: no guard in 000; wolves (001, 002)',
      'guardMayPass: no guard in 000; false (004: he names a player every night)',
      'guardLittleGirl: no guard in 000; no-effect (004)',
      'loversMayVoteEachOther: silent; false (001, 002)',
      'loversMayKillEachOther: silent; true (only 001 forbids it)',
      'loversLearn: the lovers "recognize each other", nothing more is said; nothing (004)',
      'maxRevotes, lastTie: silent on how many times the tied are voted on again; 2 re-votes, then nobody goes',
      'speakingOrder: silent; seat (004)',
      'littleGirlNamesHalf: silent; false (only 001 limits the claim)',
      VARIANTS_OFF,
    ],
  },
  {
    name: 'classic',
    document: '001',
    title: 'Classic Chinese rules (001)',
    options: {
      ...DEFAULT_OPTIONS,
      wolvesWin: 'all',
      packTargets: 'self-or-non-wolves',
      packMayAbstain: false,
      seerSees: 'team-under-10',
      witchPotionsPerNight: 1,
      witchSelfHeal: true,
      hunterShootsOn: allBut('poison'),
      guardRepeat: 'forbidden',
      guardBlocks: 'wolves',
      guardMayPass: true,
      guardLittleGirl: 'refused',
      loversMayVoteEachOther: false,
      loversMayKillEachOther: false,
      tie: 'sheriff-then-revote',
      sheriffTieBreak: 'choice',
      sheriffMayVoidTie: true,
      successorMayPass: false,
      sheriff: true,
      speakingOrder: 'seat',
      caughtGirl: 'pack-chooses',
      witchSavesCaughtGirl: true,
      littleGirlNamesHalf: true,
    },
    table: TABLE_001,
    tableSource: '001',
    notes: [
      ...NOBODY_SAYS,
      "wolvesWin: silent (001 states only the lovers' victory); all (002, 004)",
      'packMayAbstain: silent; false (002, 004: the pack names a victim)',
      'packStarves: does not apply (packMayAbstain=false)',
      'witchSelfHeal: silent; true (000, 002)',
      'witchSelfPoison: silent; false (only 002 allows it)',
      'hunterShootsOn: 001 names the pack and the vote (he shoots) and the poison (he does not); silent on grief, shot, guard, scapegoat, elder, punishment, drawn, hunger; he shoots on them (004: on any death)',
      'loversLearn: the lovers "recognise each other", nothing more is said; nothing (004)',
      'tie: without a sheriff to decide 001 is silent; the tied are voted on again (000)',
      'dayVoteMayAbstain: silent; false (000 "must select one player", 002 and 004: every hand points)',
      'nightCausePublic: silent; false (002, 004 announce who died: 宣布昨晚死去的人是谁)',
      'maxRevotes, lastTie: silent; 2 re-votes, then nobody goes',
      'speakingOrder: silent; seat (000, 004)',
      VARIANTS_OFF,
    ],
  },
  {
    name: 'introduction',
    document: '002',
    title: 'Chinese introduction, 24-card box (002)',
    options: {
      ...DEFAULT_OPTIONS,
      wolvesWin: 'all',
      packTargets: 'non-wolves',
      seerSees: 'team',
      witchPotionsPerNight: 2,
      witchSelfHeal: true,
      witchSelfPoison: true,
      hunterShootsOn: ['wolves', 'vote', 'drawn'],
      guardRepeat: 'lethal',
      guardBlocks: 'wolves',
      guardMayPass: true,
      loversMayVoteEachOther: false,
      loversLearn: 'team',
      tie: 'revote',
      maxRevotes: 10,
      lastTie: 'draw',
      sheriff: true,
      speakingOrder: 'after-victim',
      caughtGirl: 'pack-chooses',
    },
    table: TABLE_004,
    tableSource: '004 (002 has the same 24-card box but prints no table)',
    notes: [
      ...NOBODY_SAYS,
      'packTargets: silent; non-wolves (the common rule)',
      'packMayAbstain: silent; false (the pack names a victim)',
      'packStarves: does not apply (packMayAbstain=false)',
      'guardLittleGirl: silent; no-effect (004)',
      'witchPotionsPerNight: silent; 2 (000, the original rules its box translates)',
      'loversMayKillEachOther: silent; true (only 001 forbids it)',
      'maxRevotes, lastTie: 002 votes again "until someone goes" with no bound; ours: after 10 re-votes still tied the moderator draws one of the tied, who goes (counted in the results)',
      'sheriffTieBreak, sheriffMayVoidTie: do not apply (tie=revote: the sheriff does not break ties)',
      'littleGirlNamesHalf: silent; false (only 001 limits the claim)',
      VARIANTS_OFF,
    ],
  },
  {
    name: 'standard',
    document: '004',
    title: 'Standard edition, 8–18 players (004)',
    options: {
      ...DEFAULT_OPTIONS,
      wolvesWin: 'all',
      packTargets: 'non-wolves',
      seerSees: 'role',
      hunterShootsOn: [...CAUSES],
      guardRepeat: 'forbidden',
      guardBlocks: 'night',
      tie: 'none',
      sheriff: true,
      speakingOrder: 'seat',
      caughtGirl: 'dies',
    },
    table: TABLE_004,
    tableSource: '004',
    notes: [
      ...NOBODY_SAYS,
      'packTargets: silent; non-wolves (the common rule)',
      'packMayAbstain: silent; false (the pack names a victim)',
      'packStarves: does not apply (packMayAbstain=false)',
      'witchPotionsPerNight: silent; 2 (000)',
      'witchSelfHeal: silent; true (000, 002)',
      'witchSelfPoison: silent; false (only 002 allows it)',
      'loversMayVoteEachOther: silent; false (001, 002)',
      'loversMayKillEachOther: silent; true (only 001 forbids it)',
      "tie: 004's main rule (nobody goes); its variant is tie=revote (with lastTie=draw for \"until someone goes\")",
      'maxRevotes, lastTie, sheriffTieBreak, sheriffMayVoidTie: do not apply (tie=none)',
      'speakingOrder: the main rule names no order; seat (its variant is speakingOrder=after-victim)',
      'littleGirlNamesHalf: silent; false (only 001 limits the claim)',
      VARIANTS_OFF,
    ],
  },
];

export const DEFAULT_PRESET = 'standard';

export function findPreset(name: string): Preset | undefined {
  const k = name.trim().toLowerCase();
  // (an empty name is no preset: padded to '000' it would silently pick 000)
  if (k === '') return undefined;
  return PRESETS.find((p) => p.name === k || p.document === k || p.document === k.padStart(3, '0'));
}

export function presetNames(): string[] {
  return PRESETS.map((p) => `${p.name} (${p.document})`);
}
