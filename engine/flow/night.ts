// The night, in the order of RULES.md: first night only 1 Thief, 2 Cupid, 3 Lovers;
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
import { newNight } from '../state.js';
import type { Flow } from './ask.js';
import type { Death } from './deaths.js';

export interface NightStep {
  readonly name: string;
  readonly firstNightOnly: boolean;
  /** A step only a variant has. */
  readonly variant?: 'harvestFestival';
  readonly run: (g: Game) => Flow;
}

export const NIGHT_ORDER: readonly NightStep[] = [
  { name: 'thief', firstNightOnly: true, run: thiefStep },
  { name: 'cupid', firstNightOnly: true, run: cupidStep },
  { name: 'lovers', firstNightOnly: true, run: loversStep },
  { name: 'secret-lover', firstNightOnly: true, variant: 'harvestFestival', run: secretLoverStep },
  { name: 'guard', firstNightOnly: false, run: guardStep },
  { name: 'seer', firstNightOnly: false, run: seerStep },
  { name: 'werewolves', firstNightOnly: false, run: packStep },
  { name: 'witch', firstNightOnly: false, run: witchStep },
  { name: 'piper', firstNightOnly: false, run: piperStep },
];

/** The order without the variants' steps (no generator is built for a step that does nothing). */
const BASE_NIGHT_ORDER: readonly NightStep[] = NIGHT_ORDER.filter((step) => step.variant === undefined);

export function* night(g: Game): Flow<Death[]> {
  const s = g.state;
  s.night++;
  s.tonight = newNight();
  if (s.moon !== null) nightfall(g);
  g.emit({ type: 'night', night: s.night, vis: ALL });
  const order = g.setup.options.harvestFestival ? NIGHT_ORDER : BASE_NIGHT_ORDER;
  for (const step of order) if (!step.firstNightOnly || s.night === 1) yield* step.run(g);
  return nightDeaths(g);
}

/** Who dies of tonight's doings: the pack's victim unless saved, the poisoned, the guarded to death. */
function nightDeaths(g: Game): Death[] {
  const s = g.state;
  const t = s.tonight;
  const deaths: Death[] = [];
  if (t.attack >= 0) {
    const v = t.attack;
    const result = guardSaves(g, v)
      ? 'protected'
      : holdsPower(g, v, 'elder')
        ? attackOnElderPower(g, v, t.healed)
        : t.healed
          ? 'healed'
          : 'killed';
    g.emit({ type: 'attack', target: v, result, vis: MODERATOR });
    if (result === 'killed') deaths.push({ seat: v, cause: 'wolves' });
  }
  const add = (seat: number, cause: Death['cause']) => {
    if (seat >= 0 && s.seats[seat]!.alive && !deaths.some((d) => d.seat === seat)) deaths.push({ seat, cause });
  };
  add(t.poisoned, 'poison');
  if (t.guardedToDeath) add(t.guarded, 'guard');
  return deaths.sort((a, b) => a.seat - b.seat);
}
