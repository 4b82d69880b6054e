// Each preset against its document's words: every option a document settles is listed
// with the sentence that settles it (checked against the document itself when the
// documents are at hand: ../shared/seeds/, found by walking up from the repository, or
// $WEREWOLF_SEEDS); every option it leaves open has a note in the preset (`sim presets`
// prints them). Then the readings the four documents disagree on most recently (the
// caught Little Girl, the re-vote "until someone goes", what the guard blocks, the
// sheriff's tie-break), each played on a stacked deck.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Decision, VoteDecision } from '../../../engine/decisions.js';
import { ALL, MODERATOR, maskOf } from '../../../engine/events.js';
import { formatOptionValue, OPTION_KEYS, type OptionKey } from '../../../engine/options.js';
import { PRESETS, findPreset } from '../../../engine/presets.js';
import { fallbackAnswer } from '../../../engine/index.js';
import { before, deaths, eventsOf, owed, play, scenario, v } from '../../helpers/scenario.js';

type Doc = '000' | '001' | '002' | '004';
interface Stated {
  readonly key: OptionKey;
  /** The preset's value, as `--rule` writes it. */
  readonly value: string;
  /** The document's words that settle it (as printed, pinyin glosses and line breaks aside). */
  readonly quote: string;
}

const STATED: Record<Doc, readonly Stated[]> = {
  '000': [
    { key: 'wolvesWin', value: 'second-last', quote: 'The werewolves win, as soon as the second last villager dies' },
    { key: 'packTargets', value: 'anyone', quote: 'If a werewolf is selected as a victim by the other werewolves, hard luck, he dies!' },
    { key: 'packMayAbstain', value: 'true', quote: 'and not to select a victim to reduce the chance of being spied on' },
    { key: 'packStarves', value: 'true', quote: 'If no werewolves open their eyes, they die of hunger and the villagers win' },
    { key: 'seerSees', value: 'role', quote: "The gamemaster shows her the player's card that she has selected" },
    { key: 'witchPotionsPerNight', value: '2', quote: 'She can use her 2 potions on the same night if she wishes' },
    { key: 'witchSelfHeal', value: 'true', quote: 'The witch may use her potion to her advantage and heal herself' },
    { key: 'hunterShootsOn', value: 'wolves,vote', quote: 'either by the werewolves at night or by the villagers during the day' },
    { key: 'tie', value: 'sheriff-then-revote', quote: "In the case of a draw, the captain's vote selects the victim. Otherwise the players vote again" },
    { key: 'sheriffTieBreak', value: 'vote', quote: "In the case of a draw, the captain's vote selects the victim" },
    { key: 'sheriffMayVoidTie', value: 'false', quote: "the captain's vote selects the victim" },
    { key: 'sheriff', value: 'true', quote: 'The captain is elected after having the majority of votes from other players' },
    { key: 'caughtGirl', value: 'dies', quote: 'If she gets caught, she will be killed immediately instead of the selected victim' },
    { key: 'witchSavesCaughtGirl', value: 'false', quote: 'If she gets caught, she will be killed immediately instead of the selected victim' },
    { key: 'victoryAt', value: 'each-death', quote: 'The Villagers win, as soon as the last werewolf is eliminated' },
    { key: 'successorMayPass', value: 'false', quote: 'If this player is killed, in his last breathe he chooses his successor' },
    { key: 'dayVoteMayAbstain', value: 'false', quote: 'must select one player that they want to eliminate when they vote' },
    { key: 'nightCausePublic', value: 'true', quote: 'The gamemaster shows all players which player was killed by the werewolves during the night' },
  ],
  '001': [
    { key: 'packTargets', value: 'self-or-non-wolves', quote: '狼人可以自殺騙取女巫解藥，但不能在夜間相互廝殺' },
    { key: 'seerSees', value: 'team-under-10', quote: '人數少于10人' },
    { key: 'witchPotionsPerNight', value: '1', quote: '每個回合只能用一瓶藥' },
    { key: 'hunterShootsOn', value: 'wolves,vote,grief,shot,guard,scapegoat,elder,punishment,drawn,hunger', quote: '當被女巫毒死時，裁判會提醒不能使用能力開槍射殺人' },
    { key: 'guardRepeat', value: 'forbidden', quote: '不能連續2天晚上守護同一個人' },
    { key: 'guardBlocks', value: 'wolves', quote: '該人不會被狼人殺害（但仍然可以被女巫毒死）' },
    { key: 'loversMayVoteEachOther', value: 'false', quote: '永遠不能互指互殺' },
    { key: 'loversMayKillEachOther', value: 'false', quote: '永遠不能互指互殺' },
    { key: 'tie', value: 'sheriff-then-revote', quote: '在平票時由他決定選哪一個' },
    { key: 'sheriffTieBreak', value: 'choice', quote: '在平票時由他決定選哪一個' },
    { key: 'sheriffMayVoidTie', value: 'true', quote: '也可以決定廢票' },
    { key: 'sheriff', value: 'true', quote: '警長是被全體游戲者投票選出' },
    { key: 'caughtGirl', value: 'pack-chooses', quote: '如果狼人發現了，就可以立刻殺掉小女孩' },
    // 小女孩被守衛守護無效。但可以被女巫拯救: the extraction garbled 小女孩被守衛, the rest reads.
    { key: 'witchSavesCaughtGirl', value: 'true', quote: '守護無效。但可以被女巫拯救' },
    { key: 'littleGirlNamesHalf', value: 'true', quote: '任何假設自己是小女孩的人在白天只能最多指出場上1/2的狼人' },
    // A win is what the lovers achieve (eliminate everyone else), so it is theirs at that death.
    { key: 'victoryAt', value: 'each-death', quote: '他們可以消滅除他倆之外的所有游戲者而取勝' },
    { key: 'guardMayPass', value: 'true', quote: '每晚可以守護一個人' },
    { key: 'guardLittleGirl', value: 'refused', quote: '守衛守護的人要由主持人翻看其身份牌，守衛不可以守護小女孩' },
    { key: 'successorMayPass', value: 'false', quote: '臨死前必須指定繼任者' },
  ],
  '002': [
    { key: 'wolvesWin', value: 'all', quote: '狼人的目标：黑夜的时候杀死所有的村民' },
    { key: 'seerSees', value: 'team', quote: '上帝把该玩家的是否是狼人告诉预言家' },
    { key: 'witchSelfHeal', value: 'true', quote: '女巫可以自救，可以自杀' },
    { key: 'witchSelfPoison', value: 'true', quote: '女巫可以自救，可以自杀' },
    // Executed (被处决) by the vote, the moderator's draw after the last re-vote included.
    { key: 'hunterShootsOn', value: 'wolves,vote,drawn', quote: '如果猎人正常死亡时（被处决或被狼人杀害）' },
    { key: 'guardRepeat', value: 'lethal', quote: '否则将会把那个人守死' },
    { key: 'guardBlocks', value: 'wolves', quote: '如果那个人是当晚被狼人杀死的，那么那个人不会死' },
    { key: 'loversMayVoteEachOther', value: 'false', quote: '一名情侣不得把票投给另一名情侣' },
    { key: 'loversLearn', value: 'team', quote: '只知道是人还是狼' },
    { key: 'tie', value: 'revote', quote: '平局时，得票数相同的玩家要再次发言，轮流发言一次，随后所有人便再次投票' },
    { key: 'lastTie', value: 'draw', quote: '随后所有人便再次投票，直至有人出局' },
    { key: 'sheriff', value: 'true', quote: '而是第一个白天大家各自发表意见之后由村人投票选举出来的' },
    { key: 'speakingOrder', value: 'after-victim', quote: '从刚才天黑时被杀的玩家左手边的玩家开始' },
    { key: 'caughtGirl', value: 'pack-chooses', quote: '当然狼人也可以选择不杀死小女孩' },
    { key: 'witchSavesCaughtGirl', value: 'false', quote: '狼人发现了小女孩，小女孩立即死亡' },
    // Goals are states (all the werewolves executed, all the villagers killed): reached at a death.
    { key: 'victoryAt', value: 'each-death', quote: '村民的目标：白天的时候处决所有的狼人' },
    { key: 'guardMayPass', value: 'true', quote: '每天晚上可以守护一个人' },
    { key: 'successorMayPass', value: 'true', quote: '则警长临死时可以指定一名活着的玩家作为他的继任者' },
    { key: 'dayVoteMayAbstain', value: 'false', quote: '所有玩家都伸出手，上帝一声令下，玩家同时把手指向' },
    { key: 'nightCausePublic', value: 'false', quote: '上帝宣布昨晚死去的人是谁' },
  ],
  '004': [
    { key: 'wolvesWin', value: 'all', quote: '狼人的目标：杀死所有的村民' },
    { key: 'seerSees', value: 'role', quote: '法官把该玩家的身份牌给预言家看' },
    { key: 'hunterShootsOn', value: 'all', quote: '如果猎人死掉，临死前可以进行射击' },
    { key: 'guardRepeat', value: 'forbidden', quote: '不得连续保护同一个人两次' },
    { key: 'guardBlocks', value: 'night', quote: '守卫每晚指定任一玩家，该玩家在那晚不会死' },
    { key: 'loversLearn', value: 'nothing', quote: '但并不知道对方身份' },
    { key: 'tie', value: 'none', quote: '如果投票出现平局，则没有人出局' },
    { key: 'sheriff', value: 'true', quote: '警长第一个白天大家发表意见之后由投票选举出来的' },
    { key: 'caughtGirl', value: 'dies', quote: '如被发现立刻死，同时那晚，狼人不能杀其他人' },
    { key: 'witchSavesCaughtGirl', value: 'false', quote: '小女孩夜晚狼人睁眼时候小女孩可偷看。如被发现立刻死' },
    { key: 'victoryAt', value: 'each-death', quote: 'B狼人杀死所有村人，狼人获胜' },
    { key: 'guardMayPass', value: 'false', quote: '守卫每晚指定任一玩家' },
    { key: 'guardLittleGirl', value: 'no-effect', quote: '小女孩如受保护不生效' },
    { key: 'successorMayPass', value: 'true', quote: '警长被杀，则可一名玩家作继任者' },
    { key: 'dayVoteMayAbstain', value: 'false', quote: '所有玩家都伸出手，法官一声令下，玩家同时把手指向' },
    { key: 'nightCausePublic', value: 'false', quote: '法官宣布昨晚死去的人是谁' },
  ],
};

/** The option keys a note fills: the comma-separated keys before its first colon. */
function notedKeys(note: string): string[] {
  const colon = note.indexOf(':');
  return colon < 0 ? [] : note.slice(0, colon).split(',').map((k) => k.trim());
}

describe('every preset against its document', () => {
  describe.each(PRESETS.map((p) => [p.document, p] as const))('%s', (doc, preset) => {
    it.each(STATED[doc].map((s) => [s.key, s] as const))('%s as the document states it', (_key, s) => {
      expect(formatOptionValue(s.key, preset.options)).toBe(s.value);
    });

    it('every option the document leaves open is flagged by a note (sim presets prints them)', () => {
      const settled = new Set<string>(STATED[doc].map((s) => s.key));
      const noted = new Set(preset.notes.flatMap(notedKeys));
      for (const k of noted) if (!(OPTION_KEYS as readonly string[]).includes(k) && k.includes(' ') === false) expect.fail(`note for unknown option '${k}'`);
      const unflagged = OPTION_KEYS.filter((k) => !settled.has(k) && !noted.has(k));
      expect(unflagged).toEqual([]);
    });
  });

  it("001's hunter: grief, shots and the causes 001 does not name are flagged as a filled silence", () => {
    const note = findPreset('classic')!.notes.find((n) => notedKeys(n).includes('hunterShootsOn'));
    expect(note).toMatch(/silent on grief, shot/);
  });
});

/** ../shared/seeds/ above the repository (or $WEREWOLF_SEEDS), or null where it is not at hand. */
function seedsDir(): string | null {
  const env = process.env.WEREWOLF_SEEDS;
  if (env !== undefined && env !== '') return existsSync(env) ? env : null;
  let dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  for (;;) {
    const here = join(dir, 'shared', 'seeds');
    if (existsSync(here)) return here;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/**
 * A document as comparable text: page numbers the extraction left mid-sentence ("3、"),
 * pinyin glosses ("發(fā)現(xiàn)"), white space and apostrophes (000 is printed without
 * spaces) removed, lower case.
 */
function comparable(text: string): string {
  return text
    .replace(/\n\s*\d+、/g, '')
    .replace(/\([a-zü]*[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ][a-züāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]*\)/g, '')
    .replace(/[\s\u3000'’]/g, '')
    .toLowerCase();
}

const SEEDS = seedsDir();
if (SEEDS === null) console.warn('documents.test.ts: ../shared/seeds/ not found (set WEREWOLF_SEEDS): the quotes are not checked against the documents');

describe.skipIf(SEEDS === null)('the quotes are the documents\' words', () => {
  const text = (doc: Doc): string => {
    const file = readdirSync(SEEDS!).find((f) => f.startsWith(`${doc}_`));
    if (file === undefined) throw new Error(`no document ${doc} in ${SEEDS}`);
    return comparable(readFileSync(join(SEEDS!, file), 'utf8'));
  };
  it.each(Object.entries(STATED).flatMap(([doc, rows]) => rows.map((r) => [doc, r.key, r.quote] as const)))('%s %s: “%s”', (doc, _key, quote) => {
    expect(text(doc as Doc).includes(comparable(quote)), `not in document ${doc}`).toBe(true);
  });
  it('a misquote is caught (the check can fail)', () => {
    expect(text('004').includes(comparable('该玩家在那晚仍然会死'))).toBe(false);
  });
});

const noSheriff = { sheriff: false } as const;
const peek = { kind: 'peek', peek: true } as const;

describe('the Little Girl caught (option caughtGirl)', () => {
  const deck = ['werewolf', 'little-girl', 'villager', 'villager', 'werewolf', 'witch'] as const;
  const caught = { ...noSheriff, littleGirlCaught: 1, caughtGirl: 'pack-chooses' } as const;

  it('001 如果狼人發現了，就可以立刻殺掉小女孩: the pack (its leader) is asked whether to kill her', () => {
    const g = play(scenario({ deck: [...deck], rules: caught }), { peek, pack: 2 }, before('catch'));
    expect(owed(g, 'catch')).toMatchObject({ seat: 0, targets: [1], mayPass: true, victim: 2 });
    play(g, { catch: 1 }, before('speech'));
    expect(eventsOf(g, 'caught')[0]).toMatchObject({ seat: 1, vis: maskOf([0, 4]) });
    expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
  });

  it('002 当然狼人也可以选择不杀死小女孩: spared, she lives and the pack\'s victim dies; the pack sees the choice', () => {
    const g = play(scenario({ deck: [...deck], rules: caught }), { peek, pack: 2, catch: null }, before('speech'));
    expect(eventsOf(g, 'girl-spared')).toEqual([{ type: 'girl-spared', seat: 1, leader: 0, vis: maskOf([0, 4]) }]);
    expect(eventsOf(g, 'caught')).toEqual([]);
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
    // She knows she was caught (her peek says so), not what the pack chose, until dawn.
    expect(eventsOf(g, 'peek')[0]).toMatchObject({ caught: true, vis: 1 << 1 });
  });

  it('a pack that could not agree may still kill her, or kill nobody', () => {
    const split = { peek, pack: (d: { seat: number }) => (d.seat === 0 ? 2 : 3) };
    const g = play(scenario({ deck: [...deck], rules: caught }), split, before('catch'));
    expect(owed(g, 'catch').victim).toBeNull();
    play(g, { catch: null }, before('speech'));
    expect(deaths(g)).toEqual([]);
  });

  it('000 "killed immediately instead of the selected victim", 004 如被发现立刻死: nobody is asked', () => {
    for (const preset of ['thiercelieux', 'standard']) {
      const g = play(scenario({ deck: [...deck], preset, rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek, pack: 2 }, before('speech'));
      expect(g.log.some((e) => e.type === 'girl-spared')).toBe(false);
      expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
    }
  });
});

describe('the re-vote "until someone goes" (002, options maxRevotes and lastTie)', () => {
  // Seats 0 and 2 tie 2–2 in every round: 0 and 3 vote for 2, 1 and 2 vote for 0; the rest abstain.
  const deck = ['werewolf', 'villager', 'villager', 'villager', 'villager', 'villager', 'werewolf'] as const;
  const tieForever = { pack: 5, vote: (d: { seat: number }) => ({ 0: 2, 3: 2, 1: 0, 2: 0 })[d.seat] ?? null };

  it('002 随后所有人便再次投票，直至有人出局: after maxRevotes re-votes still tied, the moderator draws one of the tied, who goes', () => {
    const g = play(scenario({ deck: [...deck], preset: 'introduction', rules: noSheriff }), tieForever, (gg) => gg.state.night === 2);
    const rounds = eventsOf(g, 'votes').map((e) => e.round);
    expect(rounds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]); // the vote and the preset's 10 re-votes
    expect(eventsOf(g, 'tie')).toHaveLength(11);
    // The tied speak again before each re-vote (002: 得票数相同的玩家要再次发言).
    expect(eventsOf(g, 'speech').filter((e) => e.seat === 0 || e.seat === 2)).toHaveLength(2 + 2 * 10);
    const verdict = eventsOf(g, 'verdict')[0]!;
    expect(verdict).toMatchObject({ reason: 'drawn', vis: ALL });
    expect([0, 2]).toContain(verdict.target);
    expect(deaths(g)).toContainEqual({ seat: verdict.target!, cause: 'drawn' }); // counted apart in the results' causes of death
  });

  it('the draw is the moderator\'s, uniform among the tied (each of two goes in some of 40 seeds)', () => {
    const out = new Set<number | null>();
    for (let i = 0; i < 40; i++) {
      const g = play(scenario({ deck: [...deck], preset: 'introduction', seed: `draw${i}`, rules: { ...noSheriff, maxRevotes: 0 } }), tieForever, (gg) => gg.state.night === 2);
      out.add(eventsOf(g, 'verdict')[0]!.target);
    }
    expect([...out].sort()).toEqual([0, 2]);
  });

  it('lastTie=nobody: the same table ends the day with nobody out after maxRevotes (000, 001)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'introduction', rules: { ...noSheriff, lastTie: 'nobody', maxRevotes: 2 } }), tieForever, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'votes')).toHaveLength(3);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'tie' });
  });

  it('a re-vote that is not tied ends the draws: the majority goes', () => {
    const vote = (d: { seat: number }, gg: { log: readonly { type: string }[] }) =>
      gg.log.some((e) => e.type === 'tie') ? ({ 0: 2, 3: 2, 1: 2, 2: 0 } as Record<number, number>)[d.seat] ?? null : tieForever.vote(d);
    const g = play(scenario({ deck: [...deck], preset: 'introduction', rules: noSheriff }), { pack: 5, vote }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 2, reason: 'majority' });
  });

  // dayVoteMayAbstain: every hand points (002 所有玩家都伸出手…同时把手指向; 000 "must select one player").
  it.each(PRESETS.map((p) => [p.name] as const))('%s: no voter may abstain, so the vote "until someone goes" never ends on nobody voting', (preset) => {
    const g = play(scenario({ deck: [...deck], preset, rules: { ...noSheriff, dayVoteMayAbstain: findPreset(preset)!.options.dayVoteMayAbstain } }), { pack: 5 }, before('vote'));
    const votes = g.pending().filter((d): d is VoteDecision => d.kind === 'vote');
    expect(votes.length).toBeGreaterThan(0);
    for (const d of votes) {
      expect(d.mayPass).toBe(false);
      expect(g.submit(d.seat, { kind: 'vote', target: null }, d.id).ok).toBe(false);
      // A seat that gives no vote gets the fallback: the first legal player (charged to it).
      expect(fallbackAnswer(d)).toEqual({ kind: 'vote', target: d.targets[0] });
    }
  });

  it('dayVoteMayAbstain=true: a vote nobody casts ends the day with nobody out', () => {
    const g = play(scenario({ deck: [...deck], preset: 'introduction', rules: { ...noSheriff, dayVoteMayAbstain: true } }), { pack: 5, vote: null }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'no-votes' });
  });
});

describe('what the guard blocks (option guardBlocks)', () => {
  const deck = ['guard', 'werewolf', 'villager', 'villager', 'villager', 'werewolf', 'witch'] as const;

  it('004 守卫每晚指定任一玩家，该玩家在那晚不会死: the guarded player is not killed by the poison either', () => {
    const g = play(scenario({ deck: [...deck], preset: 'standard', rules: noSheriff }), { guard: 2, pack: 3, witch: { kind: 'witch', heal: false, poison: 2 } }, before('speech'));
    expect(deaths(g)).toEqual([{ seat: 3, cause: 'wolves' }]);
    expect(eventsOf(g, 'poison-blocked')).toEqual([{ type: 'poison-blocked', target: 2, vis: MODERATOR }]);
    expect(g.state.poisonPotion).toBe(false); // the potion is spent
  });

  it('001 該人不會被狼人殺害（但仍然可以被女巫毒死）: under 001 and 002 the poison still kills', () => {
    for (const preset of ['classic', 'introduction']) {
      const g = play(scenario({ deck: [...deck], preset, rules: noSheriff }), { guard: 2, pack: 3, witch: { kind: 'witch', heal: false, poison: 2 } }, before('speech'));
      expect(deaths(g)).toContainEqual({ seat: 2, cause: 'poison' });
    }
  });

  it('004 小女孩如受保护不生效: protection on the Little Girl has no effect on the poison either', () => {
    const g = play(scenario({ deck: ['guard', 'werewolf', 'little-girl', 'villager', 'villager', 'werewolf', 'witch'], preset: 'standard', rules: noSheriff }), {
      guard: 2,
      pack: 3,
      witch: { kind: 'witch', heal: false, poison: 2 },
    }, before('speech'));
    expect(deaths(g)).toContainEqual({ seat: 2, cause: 'poison' });
  });

  it('the next dawn is not that night: a guarded lover still dies of grief', () => {
    const g = play(scenario({ deck: ['guard', 'werewolf', 'cupid', 'villager', 'villager', 'werewolf', 'witch'], preset: 'standard', rules: noSheriff }), {
      cupid: { kind: 'cupid', lovers: [3, 4] },
      guard: 3,
      pack: 4,
    }, before('speech'));
    expect(deaths(g)).toEqual([
      { seat: 4, cause: 'wolves' },
      { seat: 3, cause: 'grief' },
    ]);
  });

  it('nor is the death a lethal repeat causes (002 守死: the guard\'s own doing)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'standard', rules: { ...noSheriff, guardRepeat: 'lethal' } }), { guard: [3, 3], pack: (_d, gg) => (gg.state.night === 1 ? 4 : 2) }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(deaths(g)).toContainEqual({ seat: 3, cause: 'guard' });
  });
});

describe("the sheriff's tie-break (option sheriffTieBreak)", () => {
  // Seat 1 is elected sheriff (everyone else votes for him, he for seat 3); on day 1 seats 0 and 2 tie.
  const deck = ['villager', 'villager', 'villager', 'villager', 'werewolf', 'villager', 'werewolf', ...v(1)] as const;
  const elect = { election: (d: { seat: number }) => (d.seat === 1 ? 3 : 1) };
  /** The sheriff (2 votes) votes `sheriffVote`; seats 3 and 5 vote the other way; the rest abstain. */
  const votes = (sheriffVote: number, other: number) => (d: { seat: number }) => ({ 1: sheriffVote, 3: other, 5: other } as Record<number, number>)[d.seat] ?? null;

  it('000 "In the case of a draw, the captain\'s vote selects the victim": the tied player he voted for goes, no second choice', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { packMayAbstain: false } }), { ...elect, pack: 7, vote: votes(0, 2) }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'sheriff')[0]).toMatchObject({ seat: 1 });
    expect(eventsOf(g, 'tie')[0]!.tied).toEqual([0, 2]);
    expect(eventsOf(g, 'tie-break')).toEqual([]);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 0, reason: 'sheriff-vote' });
  });

  it('000 "Otherwise the players vote again": a sheriff whose vote named none of the tied leaves it to the re-vote', () => {
    // Round 1: the sheriff votes for 3 (2 votes); 0 and 2 get 3 votes each. Round 2: he votes for 0.
    const round1: Record<number, number> = { 1: 3, 0: 2, 2: 0, 3: 0, 4: 2, 5: 0, 6: 2 };
    const vote = (d: Decision) => ((d as VoteDecision).round === 1 ? round1[d.seat] ?? null : d.seat === 1 ? 0 : null);
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { packMayAbstain: false } }), { ...elect, pack: 7, vote }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'tie')[0]!.tied).toEqual([0, 2]);
    expect(eventsOf(g, 'votes').map((e) => e.round)).toEqual([1, 2]);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 0, reason: 'majority' });
  });

  it('001 在平票時由他決定選哪一個，也可以決定廢票: the sheriff chooses afterwards (or voids)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'classic', rules: {} }), { ...elect, pack: 7, vote: votes(0, 2) }, before('tie-break'));
    expect(owed(g, 'tie-break')).toMatchObject({ seat: 1, targets: [0, 2], mayPass: true });
  });
});
