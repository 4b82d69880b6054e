// The rules in force, as text for the prompt, generated from the game's setup: the deck,
// the night order of the roles in it, and every rule option that bears on this deck with
// its value and its meaning (OPTION_SPECS' `doc`). Change an option and the prompt says
// so; nothing here restates a variant as fixed text.

import { formatOptionValue, OPTION_SPECS, type OptionKey, type RuleOptions } from '../../engine/index.js';
import { ROLES, teamOf, type Role } from '../../engine/index.js';

/** What each card does, true under every preset (the options below give the variants). */
const ROLE_TEXT: Record<Role, string> = {
  werewolf: 'each night the living werewolves wake together, recognise each other and pick one victim; by day they pass as villagers',
  villager: 'no power; finds the werewolves by talk and vote',
  seer: "each night looks at one player's card (see seerSees for what she learns)",
  witch: "has one healing potion (saves the werewolves' victim of the night, who is shown to her) and one poison (kills a living player), each usable once per game",
  hunter: 'when he dies he may at once shoot a living player, who dies too (see hunterShootsOn)',
  cupid: 'on the first night names two lovers (he may name himself); when one lover dies the other dies of grief at once; lovers of different teams win only as the last two alive',
  guard: 'each night protects one player (himself allowed) from the werewolves, not from the poison (see guardRepeat)',
  thief: 'on the first night sees the two left-over cards and may swap his card for one of them, playing that role from then on; if both are werewolves he must take one',
  'little-girl': 'while the werewolves choose their victim she may peek and learn who they are; if caught (see littleGirlCaught) she dies instead of their victim',
  elder: "survives the werewolves' first attack (two lives against them, one against anything else); if he dies by anything but the werewolves, the village loses every power (seer, witch, hunter, guard)",
  idiot: 'if the village votes him out he is revealed and survives, but never votes again',
  scapegoat: 'when the day vote ties he dies instead of the tied players, and names who may vote the next day',
  piper: 'plays alone: each night charms players (not himself); the charmed wake and see each other; he wins alone when every other living player is charmed',
};

/** The options that bear only on one role: shown when that role is in the deck. */
const OPTION_ROLE: Partial<Record<OptionKey, Role>> = {
  seerSees: 'seer',
  witchPotionsPerNight: 'witch',
  witchSelfHeal: 'witch',
  witchSelfPoison: 'witch',
  hunterShootsOn: 'hunter',
  guardRepeat: 'guard',
  loversMayVoteEachOther: 'cupid',
  loversMayKillEachOther: 'cupid',
  loversLearn: 'cupid',
  littleGirlCaught: 'little-girl',
};

function optionApplies(key: OptionKey, options: RuleOptions, inDeck: ReadonlySet<Role>): boolean {
  const role = OPTION_ROLE[key];
  if (role !== undefined) return inDeck.has(role);
  switch (key) {
    case 'sheriffMayVoidTie':
      return options.sheriff;
    case 'littleGirlNamesHalf':
      // It restricts anyone's claim to be the Little Girl, so it matters whenever it is on.
      return options.littleGirlNamesHalf || inDeck.has('little-girl');
    case 'maxRevotes':
      return options.tie === 'revote' || options.tie === 'sheriff-then-revote';
    default:
      return true;
  }
}

function deckText(deck: readonly Role[]): string {
  return ROLES.filter((r) => deck.includes(r))
    .map((r) => {
      const n = deck.filter((c) => c === r).length;
      return n === 1 ? r : `${r} ×${n}`;
    })
    .join(', ');
}

/** The night's steps for this deck, in the engine's order (flow/night.ts). */
function nightOrder(inDeck: ReadonlySet<Role>): string {
  const first: string[] = [];
  if (inDeck.has('thief')) first.push('thief');
  if (inDeck.has('cupid')) first.push('cupid', 'the lovers recognise each other');
  const every: string[] = [];
  if (inDeck.has('guard')) every.push('guard');
  if (inDeck.has('seer')) every.push('seer');
  every.push(inDeck.has('little-girl') ? 'werewolves (the little girl may peek)' : 'werewolves');
  if (inDeck.has('witch')) every.push('witch');
  if (inDeck.has('piper')) every.push('piper, then the charmed see each other');
  return `${first.length > 0 ? `first night only: ${first.join(', ')}; then ` : ''}every night: ${every.join(', ')}`;
}

function seerNow(options: RuleOptions, players: number): string | null {
  if (options.seerSees !== 'team-under-10') return null;
  return `with ${players} players the seer learns ${players < 10 ? 'only werewolf / not-werewolf' : 'the role'}`;
}

export interface RulesInput {
  readonly players: number;
  readonly deck: readonly Role[];
  readonly options: RuleOptions;
}

/** The rules of this game as prompt text. */
export function rulesText(g: RulesInput): string {
  const inDeck = new Set(g.deck);
  const o = g.options;
  const lines: string[] = [];
  lines.push(`Players: ${g.players} (P1 to P${g.players}). Cards in the game: ${deckText(g.deck)}.`);
  if (g.deck.length > g.players) lines.push(`There are ${g.deck.length} cards for ${g.players} players: the ${g.deck.length - g.players} left over lie face down (the thief sees them).`);
  lines.push('Each player gets one secret card. A player who dies is out (no more talk or votes) and his card is shown to all.');
  lines.push('Teams: the werewolves against the village (every other card)' + (inDeck.has('piper') ? '; the piper plays alone' : '') + '.');
  lines.push('', 'Roles in this game:');
  for (const r of ROLES) if (inDeck.has(r)) lines.push(`- ${r} (${teamOf(r)}): ${ROLE_TEXT[r]}.`);
  lines.push('', 'How it goes: night 1, then day and night alternate.');
  lines.push(`Night order: ${nightOrder(inDeck)}.`);
  lines.push(
    `Each day: the night's dead are announced (their cards shown); every living player makes one statement, in turn (speakingOrder); ${
      o.sheriff ? 'on day 1 the players elect a sheriff after the statements; ' : ''
    }then all living players vote at once to eliminate one player (most votes goes${o.sheriff ? ", the sheriff's vote counts 2" : ''}).`,
  );
  lines.push("Victory is checked after every death: the village wins when no werewolf is left; the werewolves' condition is wolvesWin.");
  lines.push('', 'Rule options in force (name = value: meaning):');
  for (const spec of OPTION_SPECS) {
    if (!optionApplies(spec.key, o, inDeck)) continue;
    lines.push(`- ${spec.key} = ${formatOptionValue(spec.key, o)}: ${spec.doc}.`);
  }
  const seer = inDeck.has('seer') ? seerNow(o, g.players) : null;
  if (seer !== null) lines.push(`  (In this game, ${seer}.)`);
  return lines.join('\n');
}
