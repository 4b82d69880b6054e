// Who may see each event: one rule per event type, in a table the compiler checks for
// completeness (a new event type does not compile until it has its rule). Used by the
// invariants over random games — the classic roles (invariants.test.ts) and the Harvest
// Festival and New Moon (variants-invariants.test.ts) — so that no private event, old or
// variant-only, can be shown to a table it was not meant for.

import { ALL, MODERATOR, maskOf, only, type Event, type EventOf, type EventType } from '../../engine/index.js';

/** What the rules need to know of the table when the event was emitted. */
export interface Table {
  /** Seats holding a werewolf card at that moment. */
  readonly wolves: number;
  readonly players: number;
}

type Rule<T extends EventType> = (e: EventOf<T>, t: Table) => boolean;

const everyone = () => (e: Event) => e.vis === ALL;
const moderator = () => (e: Event) => e.vis === MODERATOR;
const self = () => (e: Event & { readonly seat: number }) => e.vis === only(e.seat);
/** Some of the pack, nobody else. */
const pack = () => (e: Event, t: Table) => e.vis !== 0 && e.vis !== ALL && (e.vis & ~t.wolves) === 0;
const oneSeat = (vis: number, players: number) => vis !== 0 && vis !== ALL && (vis & (vis - 1)) === 0 && vis < 1 << players;

export const AUDIENCE: { readonly [T in EventType]: Rule<T> } = {
  start: everyone(),
  deal: self(),
  night: everyone(),
  day: everyone(),
  'thief-cards': self(),
  'thief-swap': self(),
  cupid: self(),
  lover: self(),
  guard: self(),
  seer: self(),
  pack: (e, t) => e.vis === maskOf(e.wolves) && pack()(e, t),
  'pack-proposals': pack(),
  'pack-victim': pack(),
  peek: self(),
  caught: pack(),
  'girl-spared': pack(),
  'witch-victim': self(),
  witch: self(),
  charm: self(),
  // The charmed, and the Piper who charmed them.
  charmed: (e, t) => {
    const rest = e.vis & ~maskOf(e.charmed);
    return e.vis !== ALL && (rest === 0 || oneSeat(rest, t.players));
  },
  attack: moderator(),
  'poison-blocked': moderator(),
  death: everyone(),
  'death-cause': moderator(),
  // A night death: only the seats who held a village power (they lose it; none left: nobody); by day, everyone.
  'powers-lost': (e, t) => e.vis === ALL || (e.vis >= 0 && e.vis < 1 << t.players),
  speech: everyone(),
  election: everyone(),
  sheriff: everyone(),
  'no-successor': everyone(),
  votes: everyone(),
  tie: everyone(),
  'tie-break': everyone(),
  verdict: everyone(),
  'idiot-revealed': everyone(),
  'scapegoat-voters': everyone(),
  shot: everyone(),
  // Harvest Festival
  'seer-glimpse': self(),
  'thief-steal': self(),
  'role-change': self(),
  'secret-lover': self(),
  'sheriff-vote': everyone(),
  sacrifice: everyone(),
  'witch-potion': self(),
  'peek-witch': self(),
  'peek-dark': self(),
  'guard-refused': self(),
  // The witch who saw her: one seat, not hers.
  'girl-seen': (e, t) => oneSeat(e.vis, t.players) && e.vis !== only(e.seat),
  // New Moon
  attributes: everyone(),
  moon: everyone(),
  'moon-void': everyone(),
  miracle: everyone(),
  away: everyone(),
  'power-swap': self(),
  'lovers-parted': (e) => e.vis === maskOf(e.freed),
  'banned-word': everyone(),
  seance: everyone(),
  punish: everyone(),
  defence: everyone(),
  vouch: everyone(),
  friends: everyone(),
  pact: everyone(),
  end: everyone(),
};

/** Null if the event's audience is the one its rule gives, else what is wrong. */
export function audienceProblem(e: Event, t: Table): string | null {
  const rule = AUDIENCE[e.type] as Rule<EventType>;
  return rule(e as EventOf<EventType>, t) ? null : `${e.type} seen by ${e.vis === ALL ? 'everyone' : `mask ${e.vis}`}`;
}
