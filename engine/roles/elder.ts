// Elder (001, 004): two lives against the werewolves, one against everything else; one
// life left after a witch's heal. If he dies by anything but the werewolves, the
// village's powers (seer, witch, hunter, guard) are lost for the rest of the game, and a
// revealed Idiot dies with him.

import { ALL, maskOf } from '../events.js';
import type { Game } from '../game.js';
import { ELDER_POWERS } from '../teams.js';

export const ELDER_LIVES = 2;

/** What the pack's attack does to him (not guarded): a heal leaves one life; otherwise he loses one. */
export function elderSurvivesAttack(g: Game, elder: number, healed: boolean): 'healed' | 'life-lost' | 'killed' {
  const st = g.state.seats[elder]!;
  if (healed) {
    st.lives = Math.min(st.lives, 1);
    return 'healed';
  }
  st.lives--;
  return st.lives > 0 ? 'life-lost' : 'killed';
}

/**
 * The pack's attack on whoever holds the Elder's power: the Elder himself, or (New Moon,
 * April Fools) the guard, who then survives this round's attack (the Elder, holding the
 * guard's power instead, has no extra life this round).
 */
export function attackOnElderPower(g: Game, seat: number, healed: boolean): 'healed' | 'life-lost' | 'killed' {
  if (g.state.seats[seat]!.role === 'elder') return elderSurvivesAttack(g, seat, healed);
  return healed ? 'healed' : 'life-lost';
}

/**
 * Called for every death: if it is the Elder's and not the wolves', the powers go.
 * Returns a revealed, living Idiot who dies with him, or -1.
 */
export function elderCurse(g: Game, dead: number): number {
  const s = g.state;
  const st = s.seats[dead]!;
  if (st.role !== 'elder' || st.death === null || st.death.cause === 'wolves' || !s.villagePowers) return -1;
  s.villagePowers = false;
  // A night death's cause is hidden: only the power holders notice they are no longer woken.
  const holders: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && ELDER_POWERS.has(s.seats[i]!.role)) holders.push(i);
  g.emit({ type: 'powers-lost', elder: dead, vis: st.death.night ? maskOf(holders) : ALL });
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && s.seats[i]!.idiotRevealed) return i;
  return -1;
}
