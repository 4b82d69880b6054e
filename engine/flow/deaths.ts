// Deaths and their chain reactions, in this order:
// 1. the batch dies at once (the night's dead at dawn, or the one the vote eliminated);
// 2. automatic reactions, in death order: an Elder who dies by anything but the
//    werewolves takes the village's powers (and a revealed Idiot) with him; a lover dies
//    of grief at once;
// 3. hunters shoot, in death order, each shot's own reactions resolved before the next;
// 4. victory is checked at the instant of each death (victoryAt=each-death: after the
//    batch, which dies at once, and after each death it causes; the game ends there and
//    the rest of the chain never happens), or once the chain is over (chain-end);
// 5. a dead sheriff names his successor among the living.
// Whether a hunter may shoot is fixed when he dies, so deaths of one batch (the same
// dawn) are simultaneous: an Elder poisoned the night the hunter was eaten does not
// silence him.
// Harvest Festival: Cupid's triangle grieves unequally (roles/cupid.ts griefOf). New Moon,
// April Fools: a lover who dies this round causes no grief; the bond is cut instead.

import type { Cause } from '../causes.js';
import { ALL, MODERATOR, type PublicCause } from '../events.js';
import type { Game } from '../game.js';
import { hunterDecision, hunterMayShoot } from '../roles/hunter.js';
import { elderCurse } from '../roles/elder.js';
import { griefOf } from '../roles/cupid.js';
import { aprilFoolsActive, partLovers } from '../moon/april-fools.js';
import { successorStep } from '../roles/sheriff.js';
import { GAME_OVER, ask, type Flow } from './ask.js';
import { checkVictory } from './victory.js';

export interface Death {
  readonly seat: number;
  readonly cause: Cause;
}

function publicCause(cause: Cause, nightCausePublic: boolean): PublicCause {
  switch (cause) {
    case 'wolves':
    case 'poison':
    case 'guard':
      return nightCausePublic ? cause : 'night';
    case 'vote':
    case 'grief':
    case 'shot':
    case 'scapegoat':
    case 'elder':
    case 'punishment':
    case 'drawn':
    case 'hunger':
      return cause;
  }
}

/** Marks one death and announces it (the card is turned over; the true cause goes to the moderator's record). */
export function kill(g: Game, seat: number, cause: Cause, atNight: boolean): void {
  const s = g.state;
  const st = s.seats[seat]!;
  st.alive = false;
  st.death = { day: s.day, night: atNight, cause };
  s.lastDead = seat;
  if (cause === 'wolves' && s.firstWolfVictim < 0) s.firstWolfVictim = seat;
  g.emit({ type: 'death', seat, role: st.role, cause: publicCause(cause, g.setup.options.nightCausePublic), vis: ALL });
  g.emit({ type: 'death-cause', seat, cause, vis: MODERATOR });
}

class Chain {
  readonly dead: number[] = [];
  readonly mayShoot: boolean[] = [];
  /** victoryAt=each-death: victory is checked at each death; set once a side has won. */
  over = false;
  private readonly eachDeath: boolean;
  constructor(private readonly g: Game, private readonly atNight: boolean) {
    this.eachDeath = g.setup.options.victoryAt === 'each-death';
  }

  /** One death of the batch: the batch dies at once, so victory waits for `settle`. */
  die(seat: number, cause: Cause, powers: boolean): void {
    kill(this.g, seat, cause, this.atNight);
    this.dead.push(seat);
    this.mayShoot.push(hunterMayShoot(this.g, seat, cause, powers));
  }

  /** A death caused by another (curse, grief, shot): an instant of its own. */
  private follow(seat: number, cause: Cause, powers: boolean): void {
    this.die(seat, cause, powers);
    this.settle();
  }

  /** The instant after a death: under each-death, ends the game if a side has won. */
  settle(): boolean {
    if (this.eachDeath && !this.over) this.over = checkVictory(this.g);
    return this.over;
  }

  private grieve(dead: number): void {
    const s = this.g.state;
    if (s.moon !== null && aprilFoolsActive(s)) return partLovers(this.g, dead);
    for (const l of griefOf(s, dead)) {
      if (this.over) return;
      if (s.seats[l]!.alive) this.follow(l, 'grief', s.villagePowers);
    }
  }

  /** Grief and the Elder's curse for deaths from index `from` on (appends new deaths); true once a side has won. */
  react(from: number): boolean {
    const s = this.g.state;
    for (let i = from; i < this.dead.length && !this.over; i++) {
      const st = s.seats[this.dead[i]!]!;
      // The curse falls the moment the Elder dies, before anyone dies of it or of grief.
      const idiot = elderCurse(this.g, this.dead[i]!);
      if (idiot >= 0) this.follow(idiot, 'elder', s.villagePowers);
      if (st.lover >= 0 && !this.over) this.grieve(this.dead[i]!);
    }
    return this.over;
  }

  /** A hunter's shot kills: an instant of its own, then its reactions. */
  shot(target: number): boolean {
    const from = this.dead.length;
    this.follow(target, 'shot', this.g.state.villagePowers);
    return this.react(from);
  }
}

/** Resolves a batch of deaths with all its consequences; ends the game if a side has won. */
export function* resolveDeaths(g: Game, batch: readonly Death[], atNight: boolean): Flow {
  const s = g.state;
  const chain = new Chain(g, atNight);
  const powers = s.villagePowers;
  for (const d of batch) if (s.seats[d.seat]!.alive) chain.die(d.seat, d.cause, powers);
  if (chain.dead.length > 0 && chain.settle()) yield GAME_OVER;
  if (chain.react(0)) yield GAME_OVER;
  for (let k = 0; k < chain.dead.length; k++) {
    if (!chain.mayShoot[k]) continue;
    const hunter = chain.dead[k]!;
    const a = yield* ask(hunterDecision(g, hunter));
    g.emit({ type: 'shot', seat: hunter, target: a.target, vis: ALL });
    if (a.target === null || !s.seats[a.target]!.alive) continue;
    if (chain.shot(a.target)) yield GAME_OVER;
  }
  if (checkVictory(g)) yield GAME_OVER;
  if (s.sheriff >= 0 && !s.seats[s.sheriff]!.alive) yield* successorStep(g);
}
