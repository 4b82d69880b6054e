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
  /** How the silent points were filled, for docs/rules.md and `sim presets`. */
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
      seerSees: 'role',
      witchPotionsPerNight: 2,
      witchSelfHeal: true,
      hunterShootsOn: ['wolves', 'vote'],
      tie: 'sheriff-then-revote',
      sheriff: true,
      speakingOrder: 'seat',
    },
    table: TABLE_004,
    tableSource: '004 (000 refers to the box table its text lacks; 004 is that box table)',
    notes: [
      'guardRepeat: no guard in 000; forbidden (001, 004)',
      'loversMayVoteEachOther: silent; false (001, 002)',
      'starvation (no wolf opens its eyes) is not modelled: a pack that abstains simply kills nobody',
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
      loversMayVoteEachOther: false,
      loversMayKillEachOther: false,
      tie: 'sheriff-then-revote',
      sheriffMayVoidTie: true,
      sheriff: true,
      speakingOrder: 'seat',
      littleGirlNamesHalf: true,
    },
    table: TABLE_001,
    tableSource: '001',
    notes: ['witchSelfHeal: silent; true (000, 002)', 'speakingOrder: silent; seat (000, 004)'],
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
      hunterShootsOn: ['wolves', 'vote'],
      guardRepeat: 'lethal',
      loversMayVoteEachOther: false,
      loversLearn: 'team',
      tie: 'revote',
      sheriff: true,
      speakingOrder: 'after-victim',
    },
    table: TABLE_004,
    tableSource: '004 (002 has the same 24-card box but prints no table)',
    notes: [
      'packTargets: silent; non-wolves (the common rule)',
      'witchPotionsPerNight: silent; 2 (000, the original rules its box translates)',
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
      tie: 'none',
      sheriff: true,
      speakingOrder: 'seat',
    },
    table: TABLE_004,
    tableSource: '004',
    notes: [
      'packTargets: silent; non-wolves (the common rule)',
      'witchPotionsPerNight: silent; 2 (000)',
      'witchSelfHeal: silent; true (000, 002)',
      'loversMayVoteEachOther: silent; false (001, 002)',
      "tie: 004's main rule (nobody goes); its variant is tie=revote",
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
