// The night, in the documents' order (docs/rules.md): first night only 1 Thief, 2 Cupid, 3 Lovers;
// then every night 4 Guard, 5 Seer, 6 Werewolves (+ Little Girl), 7 Witch, 8 Pied Piper.
// Harvest Festival: Cupid wakes again after the lovers (3b), the Little Girl peeks in 7.
// A step whose card nobody holds (or whose power is lost) asks nothing; nobody learns
// from that, since no player observes which steps asked whom. Deaths are resolved at
// dawn (day.ts), announced in seat order so the order tells nothing of their causes.

import { ALL, MODERATOR } from '../events.js';
import type { Game } from '../game.js';
import { attackOnElderPower } from '../roles/elder.js';
import { cupidStep, loversStep, secretLoverStep } from '../roles/cupid.js';
import { holdsPower } from '../moon/april-fools.js';
import { nightfall } from '../moon/round.js';
import { guardStep, guardSaves } from '../roles/guard.js';
import { piperStep } from '../roles/piper.js';
import { seerStep } from '../roles/seer.js';
import { thiefStep } from '../roles/thief.js';
import { packStep } from '../roles/werewolves.js';
import { witchStep } from '../roles/witch.js';
import type { Role } from '../teams.js';
import type { GameSetup } from '../setup.js';
import { newNight } from '../state.js';
import type { Flow } from './ask.js';
import type { Death } from './deaths.js';

export interface NightStep {
  readonly name: string;
  readonly firstNightOnly: boolean;
  /** A step only a variant has. */
  readonly variant?: 'harvestFestival';
  /** The cards without which the step can do nothing. */
  readonly cards: readonly Role[];
  readonly run: (g: Game) => Flow;
}

export const NIGHT_ORDER: readonly NightStep[] = [
  { name: 'thief', firstNightOnly: true, cards: ['thief'], run: thiefStep },
  { name: 'cupid', firstNightOnly: true, cards: ['cupid'], run: cupidStep },
  { name: 'lovers', firstNightOnly: true, cards: ['cupid'], run: loversStep },
  { name: 'secret-lover', firstNightOnly: true, variant: 'harvestFestival', cards: ['cupid'], run: secretLoverStep },
  { name: 'guard', firstNightOnly: false, cards: ['guard'], run: guardStep },
  { name: 'seer', firstNightOnly: false, cards: ['seer'], run: seerStep },
  { name: 'werewolves', firstNightOnly: false, cards: ['werewolf'], run: packStep },
  { name: 'witch', firstNightOnly: false, cards: ['witch', 'little-girl'], run: witchStep },
  { name: 'piper', firstNightOnly: false, cards: ['piper'], run: piperStep },
];

/**
 * The steps a setup can need: its variants' steps, and those whose cards are in the deck
 * (the deck holds every card that can be in play, the thief's extras included). No
 * generator is built for a step that could do nothing: half the night's cost otherwise.
 */
const ORDERS = new WeakMap<GameSetup, readonly NightStep[]>();
function nightOrder(setup: GameSetup): readonly NightStep[] {
  let order = ORDERS.get(setup);
  if (order === undefined) {
    order = NIGHT_ORDER.filter(
      (step) => (step.variant === undefined || setup.options[step.variant]) && step.cards.some((c) => setup.deck.includes(c)),
    );
    ORDERS.set(setup, order);
  }
  return order;
}

export function* night(g: Game): Flow<Death[]> {
  const s = g.state;
  s.night++;
  s.tonight = newNight();
  if (s.moon !== null) nightfall(g);
  g.emit({ type: 'night', night: s.night, vis: ALL });
  // An index, not for-of: a loop that yields keeps its iterator in the generator (day.ts `discussion`).
  const order = nightOrder(g.setup);
  for (let k = 0; k < order.length; k++) {
    const step = order[k]!;
    if (!step.firstNightOnly || s.night === 1) yield* step.run(g);
  }
  return nightDeaths(g);
}

/**
 * Who dies of tonight's doings: the pack's victim unless saved, the poisoned (unless the
 * guard's protection blocks poison too, guardBlocks=night), the guarded to death. The
 * caught Little Girl dies at once (000, 002, 004): a heal on her saves her only under
 * witchSavesCaughtGirl (001: 但可以被女巫拯救).
 */
function nightDeaths(g: Game): Death[] {
  const s = g.state;
  const t = s.tonight;
  const deaths: Death[] = [];
  if (t.attack >= 0) {
    const v = t.attack;
    const healed = t.healed && (!t.caught || g.setup.options.witchSavesCaughtGirl);
    const result = guardSaves(g, v)
      ? 'protected'
      : holdsPower(g, v, 'elder')
        ? attackOnElderPower(g, v, healed)
        : healed
          ? 'healed'
          : 'killed';
    g.emit({ type: 'attack', target: v, result, vis: MODERATOR });
    if (result === 'killed') deaths.push({ seat: v, cause: 'wolves' });
  }
  const add = (seat: number, cause: Death['cause']) => {
    if (seat >= 0 && s.seats[seat]!.alive && !deaths.some((d) => d.seat === seat)) deaths.push({ seat, cause });
  };
  // 004: "the guarded player does not die that night" (guardBlocks=night): the poison too.
  if (t.poisoned >= 0 && g.setup.options.guardBlocks === 'night' && guardSaves(g, t.poisoned))
    g.emit({ type: 'poison-blocked', target: t.poisoned, vis: MODERATOR });
  else add(t.poisoned, 'poison');
  if (t.guardedToDeath) add(t.guarded, 'guard');
  for (const w of t.starved) add(w, 'hunger');
  return deaths.sort((a, b) => a.seat - b.seat);
}
