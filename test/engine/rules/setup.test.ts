// Setup, player-count tables and options (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import { Game } from '../../../engine/index.js';
import { parseRoleMix, parseRuleAssignments } from '../../../engine/index.js';
import { PRESETS, findPreset } from '../../../engine/index.js';
import { gameSeed } from '../../../engine/index.js';
import { mixLabel, resolveSetup } from '../../../engine/index.js';
import { OPTION_SPECS } from '../../../engine/index.js';

const mix = (preset: string, players: number) => {
  const r = resolveSetup({ preset, players });
  if (!r.ok) throw new Error(r.error);
  return mixLabel(r.value);
};
const refusal = (req: Parameters<typeof resolveSetup>[0]) => {
  const r = resolveSetup(req);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
};

describe('player-count tables', () => {
  it("004's table, 8–18 players: werewolves / seer / villagers (004)", () => {
    const rows: Record<number, [number, number]> = {
      8: [2, 5], 9: [2, 6], 10: [2, 7], 11: [2, 8], 12: [3, 8], 13: [3, 9], 14: [3, 10], 15: [3, 11], 16: [3, 12], 17: [3, 13], 18: [4, 13],
    };
    for (const [players, [wolves, villagers]] of Object.entries(rows))
      expect(mix('standard', Number(players))).toBe(`werewolf=${wolves},villager=${villagers},seer`);
  });

  it("001's table: 6, 8, 10 and 12 players (001)", () => {
    expect(mix('classic', 6)).toBe('werewolf,villager=2,seer,witch,cupid');
    expect(mix('classic', 8)).toBe('werewolf=2,villager=2,seer,witch,hunter,cupid');
    expect(mix('classic', 10)).toBe('werewolf=2,villager=3,seer,witch,hunter,cupid,guard');
    expect(mix('classic', 12)).toBe('werewolf=3,villager=2,seer,witch,hunter,cupid,guard,elder,idiot');
  });

  it('a preset without that row says which rows it has', () => {
    expect(refusal({ preset: 'classic', players: 7 })).toMatch(/6, 8, 10, 12 players/);
    expect(refusal({ preset: 'standard', players: 19 })).toMatch(/8, 9, .*18 players/);
  });

  it('presets are found by name or document number', () => {
    expect(findPreset('004')?.name).toBe('standard');
    expect(findPreset('1')?.name).toBe('classic');
    expect(findPreset('thiercelieux')?.document).toBe('000');
    expect(refusal({ preset: 'nope' })).toMatch(/unknown preset 'nope'; presets are thiercelieux \(000\), classic \(001\)/);
  });

  it('an empty preset name is refused, not read as document 000', () => {
    expect(findPreset('')).toBeUndefined();
    expect(findPreset(' ')).toBeUndefined();
    expect(refusal({ preset: '' })).toMatch(/unknown preset ''; presets are/);
  });
});

describe('role mixes', () => {
  it('an explicit mix needs only one werewolf and one other player', () => {
    const r = resolveSetup({ roles: 'werewolf,villager' });
    expect(r.ok && r.value.players).toBe(2);
  });

  it('minimum game of 000: 2 werewolves, 1 seer, 5 villagers', () => {
    const r = resolveSetup({ preset: 'thiercelieux', roles: 'werewolf=2,seer,villager=5' });
    expect(r.ok && r.value.players).toBe(8);
  });

  it('refuses a mix without a werewolf', () => {
    expect(refusal({ roles: 'seer,villager=3' })).toMatch(/at least one werewolf/);
  });

  it('refuses more roles than players, and fewer', () => {
    expect(refusal({ roles: 'werewolf=2,villager=5', players: 6 })).toMatch(/7 roles for 6 players/);
    expect(refusal({ roles: 'werewolf=2,villager=3', players: 6 })).toMatch(/5 roles for 6 players/);
  });

  it('refuses a mix of werewolves only', () => {
    expect(refusal({ roles: 'werewolf=3' })).toMatch(/at least one player must not be a werewolf/);
  });

  it('refuses an unknown role, with a suggestion', () => {
    expect(refusal({ roles: 'werewolf,seeer,villager' })).toMatch(/unknown role 'seeer' \(did you mean 'seer'\?\)/);
  });

  it('refuses a role written with two counts', () => {
    expect(refusal({ roles: 'werewolf=2=3,villager' })).toMatch(/'werewolf=2=3' has more than one '='/);
  });

  // Number() would read these as 10, 5 and 0 (`--roles werewolf=1e1,villager=2` once
  // played a 12-player table). A count is digits; a bare name counts one.
  it.each([
    ['werewolf=1e1,villager=2', "'1e1'"],
    ['werewolf=2,villager=0x5', "'0x5'"],
    ['werewolf=2,seer=,villager=5', "'' (nothing)"],
    ['werewolf=2.0,villager=5', "'2.0'"],
    ['werewolf=-1,villager=5', "'-1'"],
    ['werewolf= ,villager=5', "'' (nothing)"],
  ])('refuses a count that is not plain digits: %s', (roles, shown) => {
    const e = refusal({ roles, players: 7 });
    expect(e).toContain(`not ${shown}`);
    expect(e).toMatch(/whole number written in digits \(e\.g\. \w+=2\)/);
  });

  // `werewolf=2,,villager=5` once silently played 7 players: an empty entry is refused.
  it.each(['werewolf=2,,villager=5', 'werewolf=2,villager=5,', ',werewolf=2,villager=5', 'werewolf=2, ,villager=5'])('refuses an empty entry: %j', (roles) => {
    expect(refusal({ roles })).toMatch(/has an empty entry between its commas: name a role there, or remove the comma/);
  });

  it('a count in digits, with spaces or leading zeros, is read as written', () => {
    const r = parseRoleMix(' werewolf = 02 , seer, villager=4');
    expect(r.ok && [...r.value]).toEqual([
      ['werewolf', 2],
      ['seer', 1],
      ['villager', 4],
    ]);
  });

  it('refuses two of a unique card', () => {
    expect(refusal({ roles: 'werewolf,seer=2,villager' })).toMatch(/at most one seer/);
  });

  it('thief: 2 plain villager cards are added to the deck (001, 002, 004)', () => {
    const r = resolveSetup({ roles: 'werewolf=2,thief,seer,villager=4' });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.players).toBe(8);
    expect(r.value.deck).toHaveLength(10);
    expect(r.value.deck.filter((x) => x === 'villager')).toHaveLength(6);
  });

  it('thief: a deck of players + 2 cards is taken as it is (the extras can be any card, 000–004)', () => {
    const r = resolveSetup({ roles: 'werewolf=3,thief,seer,villager=5', players: 8 });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.deck).toHaveLength(10);
    expect(r.value.deck.filter((x) => x === 'werewolf')).toHaveLength(3);
  });

  it('refuses a thief without room for its 2 extra cards', () => {
    expect(refusal({ roles: 'werewolf=2,thief,seer,villager=5', players: 8 })).toMatch(/room for its 2 extra cards/);
  });

  it('refuses a thief game where a lone werewolf card could be left over', () => {
    expect(refusal({ roles: 'werewolf,thief,villager=3' })).toMatch(/at least 2 werewolves/);
  });

  it('refuses an unknown rule option and a bad value', () => {
    expect(refusal({ rules: ['tei=none'] })).toMatch(/unknown rule option 'tei' \(did you mean 'tie'\?\)/);
    expect(refusal({ rules: ['tie=coin'] })).toMatch(/tie takes one of sheriff-then-revote, revote, none, random/);
    expect(refusal({ rules: ['littleGirlCaught=2'] })).toMatch(/probability from 0 to 1/);
    expect(refusal({ rules: ['hunterShootsOn=wolves,fire'] })).toMatch(/unknown cause of death 'fire'/);
    expect(refusal({ rules: ['tie'] })).toMatch(/key=value/);
  });

  // A role named twice in --roles is refused; a rule given twice is the same mistake
  // (`--rule guardBlocks=night --rule guardBlocks=wolves` once ran with wolves).
  it.each([
    [['guardBlocks=night', 'guardBlocks=wolves']],
    [['tie=none', 'sheriff=false', ' tie =none']],
  ])('refuses a rule option given twice, even with one value: %j', (rules) => {
    const r = parseRuleAssignments(rules);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^rule (guardBlocks|tie) is given twice \('.+' and '.+'\): give each rule once/);
    expect(refusal({ rules })).toMatch(/is given twice/);
  });

  it('rule options parse to canonical values', () => {
    const r = parseRuleAssignments(['hunterShootsOn=all,-poison', 'witchPotionsPerNight=1', 'sheriff=false']);
    expect(r.ok && r.value).toEqual({
      hunterShootsOn: ['wolves', 'vote', 'grief', 'shot', 'guard', 'scapegoat', 'elder', 'punishment', 'drawn', 'hunger'],
      witchPotionsPerNight: 1,
      sheriff: false,
    });
  });
});

// Each preset's options against its document's words: documents.test.ts.
describe('presets', () => {
  it("every option the documents vary has a canonical key", () => {
    const table = ['wolvesWin', 'packTargets', 'packMayAbstain', 'seerSees', 'witchPotionsPerNight', 'witchSelfHeal', 'hunterShootsOn', 'guardRepeat', 'loversMayVoteEachOther', 'tie', 'sheriff', 'speakingOrder', 'littleGirlCaught'];
    expect(OPTION_SPECS.filter((s) => s.inTable).map((s) => s.key).sort()).toEqual([...table].sort());
    expect(PRESETS.map((p) => p.document)).toEqual(['000', '001', '002', '004']);
  });
});

describe('the deal', () => {
  it('one card per player, dealt face down: each sees only his own (000, 002)', () => {
    const r = resolveSetup({ preset: 'standard', players: 8 });
    if (!r.ok) throw new Error(r.error);
    const g = new Game(r.value, gameSeed(7, 0));
    const deals = g.log.filter((e) => e.type === 'deal');
    expect(deals).toHaveLength(8);
    deals.forEach((e, i) => expect(e.vis).toBe(1 << i));
    expect(g.log[0]!.type).toBe('start');
  });

  it('with a thief the 2 left-over cards lie face down (seen by nobody but the thief)', () => {
    const r = resolveSetup({ roles: 'werewolf=2,thief,seer,villager=4' });
    if (!r.ok) throw new Error(r.error);
    for (let i = 0; i < 50; i++) {
      const g = new Game(r.value, gameSeed(3, i));
      expect(g.state.leftover).toHaveLength(2);
      for (const e of g.log) if (e.type === 'thief-cards') expect(e.vis).toBe(1 << e.seat);
    }
  });

  it('the same seed deals the same cards; another seed another deal', () => {
    const r = resolveSetup({ preset: 'standard', players: 12 });
    if (!r.ok) throw new Error(r.error);
    const deal = (s: string) => new Game(r.value, s).state.seats.map((x) => x.dealt).join();
    expect(deal('a#1')).toBe(deal('a#1'));
    expect(new Set(Array.from({ length: 20 }, (_, i) => deal(`a#${i}`))).size).toBeGreaterThan(15);
  });
});
