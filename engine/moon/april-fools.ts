// April Fools (004): "some roles swap their powers: the witch and the seer, the hunter
// and the little girl, the guard and the elder. As for the lovers, they hate each other
// and must vote for each other (this round, if one lover dies the other lives, and from
// then on they no longer love each other)."
//
// Interpretation: a pair swaps when both its cards are held by living players at the
// dawn the card is drawn; the swap lasts the round (that day and the night after, and the
// dawn deaths of that night). Each holder is told privately whose power it has. The
// witch's power is her potions as they are; the elder's power is surviving the wolves'
// attack (his holder survives one attack this round; the elder himself has none); the
// Elder's curse stays with his card, as do the Little Girl's immunity to protection and
// what a card counts for in victory. Lovers must vote for their (living) partner; a lover
// who dies this round causes no grief and the couple is dissolved (with Cupid's triangle,
// only the links through the dead).

import { maskOf, only } from '../events.js';
import type { Game } from '../game.js';
import type { Role } from '../teams.js';
import { seatOf, type GameState } from '../state.js';

export const APRIL_SWAPS: readonly (readonly [Role, Role])[] = [
  ['witch', 'seer'],
  ['hunter', 'little-girl'],
  ['guard', 'elder'],
];

export function aprilFoolsActive(s: GameState): boolean {
  return s.moon !== null && s.moon.card !== null && s.moon.card.event === 'april-fools';
}

/** Sets the round's swapped powers and tells each holder. */
export function swapPowers(g: Game): ReadonlyMap<Role, number> | null {
  const s = g.state;
  const powers = new Map<Role, number>();
  for (const [x, y] of APRIL_SWAPS) {
    const sx = seatOf(s, x);
    const sy = seatOf(s, y);
    if (sx < 0 || sy < 0) continue;
    powers.set(x, sy);
    powers.set(y, sx);
    g.emit({ type: 'power-swap', seat: sy, power: x, vis: only(sy) });
    g.emit({ type: 'power-swap', seat: sx, power: y, vis: only(sx) });
  }
  return powers.size === 0 ? null : powers;
}

/** The living seat that holds `role`'s power now (its card's holder, or its April Fools partner), or -1. */
export function powerSeat(g: Game, role: Role): number {
  const m = g.state.moon;
  // Small on the common path, so that it inlines where it is called every night.
  return m === null || m.powers === null ? seatOf(g.state, role) : swappedSeat(g, m.powers, role);
}

function swappedSeat(g: Game, powers: ReadonlyMap<Role, number>, role: Role): number {
  const p = powers.get(role);
  if (p === undefined) return seatOf(g.state, role);
  return g.state.seats[p]!.alive ? p : -1;
}

/** Whether `seat` holds `role`'s power now. */
export function holdsPower(g: Game, seat: number, role: Role): boolean {
  const m = g.state.moon;
  if (m !== null && m.powers !== null) {
    const p = m.powers.get(role);
    if (p !== undefined) return p === seat;
  }
  return g.state.seats[seat]!.role === role;
}

/** The lovers a lover is bound to (two for the triangle's unfaithful B). */
export function partnersOf(s: GameState, seat: number): number[] {
  const t = s.triangle;
  if (t !== null && seat === t.b) return [t.a, t.c];
  const l = s.seats[seat]!.lover;
  return l < 0 ? [] : [l];
}

/**
 * A lover died under April Fools: nobody dies of grief, and the bonds through him are cut.
 * His living partners learn it (they are told they no longer love him).
 */
export function partLovers(g: Game, dead: number): void {
  const s = g.state;
  const partners = partnersOf(s, dead);
  const t = s.triangle;
  if (t !== null) {
    s.triangle = null;
    if (dead === t.a) s.seats[t.a]!.lover = -1; // B and C stay a couple (B→C, C→B)
    else if (dead === t.c) {
      s.seats[t.c]!.lover = -1;
      s.seats[t.b]!.lover = t.a; // A and B stay a couple
    } else for (const x of [t.a, t.b, t.c]) s.seats[x]!.lover = -1;
  } else {
    s.seats[dead]!.lover = -1;
    for (const p of partners) s.seats[p]!.lover = -1;
  }
  const freed = partners.filter((p) => s.seats[p]!.alive);
  g.emit({ type: 'lovers-parted', seat: dead, freed, vis: maskOf(freed) });
}
