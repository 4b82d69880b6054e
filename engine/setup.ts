// A game's setup: the players, the deck to deal and the rule options. Built from a
// preset's player-count table or from an explicit mix (`werewolf=2,seer,villager=5`),
// and refused with a message that says what is wrong when it cannot be played.

import { DEFAULT_OPTIONS, formatOptions, parseRuleAssignments, type RuleOptions } from './options.js';
import { DEFAULT_PRESET, findPreset, presetNames, type RoleCounts } from './presets.js';
import { err, ok, type Result } from './result.js';
import { didYouMean } from './suggest.js';
import { REPEATABLE_ROLES, ROLES, parseRole, type Role } from './teams.js';

export const MIN_PLAYERS = 2;
/** Seats are bits of a 32-bit visibility mask (events.ts). */
export const MAX_PLAYERS = 30;
export const THIEF_EXTRA_CARDS = 2;

export interface GameSetup {
  readonly players: number;
  /**
   * The cards that are shuffled and dealt, one per player, in canonical (ROLES) order.
   * With a thief in play it holds 2 more cards, which lie face down after the deal.
   */
  readonly deck: readonly Role[];
  readonly options: RuleOptions;
  /** The preset whose options (and perhaps table) were used. */
  readonly preset: string;
}

/**
 * Parses `werewolf=2,seer,witch,villager=5` (a bare name counts one). A role named twice
 * (`werewolf=2,werewolf=1`, `seer,seer`) is refused: adding the counts up would hide a typo.
 * A count is plain digits: `1e1`, `0x5`, `2.0` or nothing after the `=` are refused.
 */
export function parseRoleMix(text: string): Result<Map<Role, number>, string> {
  const counts = new Map<Role, number>();
  const written = new Map<Role, string>();
  if (text.trim() === '') return err('the role mix is empty: write it as werewolf=2,seer,villager=5');
  const parts = text.split(',').map((p) => p.trim());
  // An empty entry is a role left out by mistake, not nothing: the table would silently be smaller.
  if (parts.includes('')) return err(`'${text.trim()}' has an empty entry between its commas: name a role there, or remove the comma`);
  for (const part of parts) {
    const [name = '', countText, ...rest] = part.split('=');
    if (rest.length > 0) return err(`'${part}' has more than one '=': write a role as name=count, e.g. werewolf=2`);
    const role = parseRole(name);
    if (role === undefined)
      return err(`unknown role '${name.trim()}'${didYouMean(name.trim(), ROLES)}; roles are ${ROLES.join(', ')}`);
    // Digits only: Number() would read '1e1' as 10, '0x5' as 5 and '' as 0.
    const digits = countText?.trim();
    if (digits !== undefined && !/^[0-9]+$/.test(digits))
      return err(`the count of ${role} in '${part}' must be a whole number written in digits (e.g. ${role}=2), not '${digits}'${digits === '' ? ' (nothing)' : ''}; a bare name counts one`);
    const count = digits === undefined ? 1 : Number(digits);
    const before = written.get(role);
    if (before !== undefined)
      return err(`${role} is named twice in the mix ('${before}' and '${part}'): name each role once, with its count (e.g. ${role}=${(counts.get(role) ?? 0) + count})`);
    written.set(role, part);
    counts.set(role, count);
  }
  return ok(counts);
}

export function formatRoleCounts(counts: ReadonlyMap<Role, number> | RoleCounts): string {
  const get = (r: Role) => (counts instanceof Map ? counts.get(r) : (counts as RoleCounts)[r]) ?? 0;
  return ROLES.filter((r) => get(r) > 0)
    .map((r) => (get(r) === 1 ? r : `${r}=${get(r)}`))
    .join(',');
}

function countsOf(deck: readonly Role[]): Map<Role, number> {
  const m = new Map<Role, number>();
  for (const r of deck) m.set(r, (m.get(r) ?? 0) + 1);
  return m;
}

/** The deck as a mix (with a thief, its 2 extra cards included). */
export function mixLabel(setup: GameSetup): string {
  return formatRoleCounts(countsOf(setup.deck));
}

/** Checks a mix for a number of players and builds the deck. */
export function buildDeck(counts: ReadonlyMap<Role, number>, players: number): Result<Role[], string> {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    return err(`a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  for (const [role, n] of counts) {
    if (n > 1 && !REPEATABLE_ROLES.has(role))
      return err(`a mix has at most one ${role} (the night order calls "the ${role}"); only werewolf and villager repeat`);
  }
  const wolves = counts.get('werewolf') ?? 0;
  if (wolves < 1) return err('a mix needs at least one werewolf (add werewolf=1)');
  let total = 0;
  for (const n of counts.values()) total += n;
  const deck: Role[] = [];
  for (const r of ROLES) for (let i = 0; i < (counts.get(r) ?? 0); i++) deck.push(r);

  if ((counts.get('thief') ?? 0) > 0) {
    if (total === players) {
      // 001, 002, 004: the thief's two extra cards are plain villagers.
      for (let i = 0; i < THIEF_EXTRA_CARDS; i++) deck.push('villager');
      deck.sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b));
    } else if (total !== players + THIEF_EXTRA_CARDS) {
      return err(
        `with a thief the deck needs room for its 2 extra cards: give ${players} roles for ${players} players (2 plain villagers are added) ` +
          `or ${players + THIEF_EXTRA_CARDS} cards in all; this mix has ${total}`,
      );
    }
    if (wolves < 2)
      return err(
        'with a thief a lone werewolf card can be left over, leaving no werewolf in play: use at least 2 werewolves ' +
          '(when both extra cards are werewolves the thief must take one)',
      );
  } else if (total !== players) {
    return err(`the mix has ${total} roles for ${players} players; give exactly one role per player`);
  }
  if (wolves > players - 1) return err(`the mix has ${wolves} werewolves for ${players} players: at least one player must not be a werewolf`);
  return ok(deck);
}

export interface SetupRequest {
  readonly preset?: string | undefined;
  readonly players?: number | undefined;
  readonly roles?: string | undefined;
  readonly rules?: readonly string[] | undefined;
}

/** A setup from the CLI's words: a preset's table row, or an explicit mix under a preset's options. */
export function resolveSetup(req: SetupRequest): Result<GameSetup, string> {
  const presetName = req.preset ?? DEFAULT_PRESET;
  const preset = findPreset(presetName);
  if (preset === undefined)
    return err(`unknown preset '${presetName}'; presets are ${presetNames().join(', ')}`);
  const overrides = parseRuleAssignments(req.rules ?? []);
  if (!overrides.ok) return overrides;
  const options: RuleOptions = { ...preset.options, ...overrides.value };

  let counts: Map<Role, number>;
  let players: number;
  if (req.roles !== undefined) {
    const mix = parseRoleMix(req.roles);
    if (!mix.ok) return mix;
    counts = mix.value;
    let total = 0;
    for (const n of counts.values()) total += n;
    players = req.players ?? total;
  } else {
    players = req.players ?? 8;
    const row = preset.table[players];
    if (row === undefined) {
      const rows = Object.keys(preset.table).join(', ');
      return err(`preset ${preset.name} (${preset.document}) has table rows for ${rows} players, not ${players}; or give the mix with --roles`);
    }
    counts = new Map(Object.entries(row) as [Role, number][]);
  }
  const deck = buildDeck(counts, players);
  if (!deck.ok) return deck;
  return ok({ players, deck: deck.value, options, preset: preset.name });
}

/** The whole setup as canonical text (stored with each run; equal text, equal games). */
export function describeSetup(setup: GameSetup): string {
  return `players=${setup.players} deck=${mixLabel(setup)} preset=${setup.preset} ${formatOptions(setup.options).join(' ')}`;
}

export function defaultSetup(players = 8): GameSetup {
  const r = resolveSetup({ players });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export { DEFAULT_OPTIONS };
