// Invariants over many random games, checked after every step (as OpenSpiel's random
// simulation tests): the game ends; the dead never act (but for last-breath decisions);
// role counts are conserved; each potion is used at most once; every private event's
// audience is the one its rule gives; no observation shows a role its holder may not
// know; exactly one outcome.
import { describe, expect, it } from 'vitest';
import { randomAnswer } from '../../agents/random.js';
import type { Answer, Decision } from '../../engine/index.js';
import { maskOf, type Event } from '../../engine/index.js';
import { audienceProblem } from '../helpers/audience.js';
import { Game } from '../../engine/index.js';
import { PRESETS } from '../../engine/index.js';
import { gameSeed, seatStream, type Rng } from '../../engine/index.js';
import { ROLES, type Role } from '../../engine/index.js';
import { resolveSetup, type GameSetup } from '../../engine/index.js';

/** Decisions a player owes as he dies or just after (his last breath). */
const LAST_BREATH = new Set(['hunter', 'successor']);

function fail(message: string): never {
  throw new Error(`invariant broken: ${message}`);
}

/**
 * Each role's place in ROLES, read once: the counts below are taken at every step of every
 * game, and each read of an imported binding in a test file goes through the runner's getter.
 */
const ROLE_ORDER: ReadonlyMap<Role, number> = new Map(ROLES.map((r, i) => [r, i]));

function sortedRoles(rs: readonly Role[]): string {
  return [...rs].sort((a, b) => ROLE_ORDER.get(a)! - ROLE_ORDER.get(b)!).join();
}

/** How many cards of each role (by ROLES' order) `rs` holds, into `out`. */
function countRoles(rs: Iterable<Role>, out: Int32Array): Int32Array {
  for (const r of rs) out[ROLE_ORDER.get(r)!]!++;
  return out;
}

/** Seats whose role an event reveals to its audience. */
function roleFacts(e: Event): number[] {
  switch (e.type) {
    case 'deal':
    case 'thief-swap':
    case 'death':
    case 'idiot-revealed':
    case 'caught':
      return [e.seat];
    case 'seer':
      return [e.target];
    case 'pack':
    case 'peek':
      return [...e.wolves];
    case 'pack-proposals':
      return e.proposals.map((p) => p.voter);
    case 'lover':
      return e.partnerIs === null ? [] : [e.partner];
    default:
      return [];
  }
}

class Checked {
  readonly game: Game;
  private readonly rngs: Rng[];
  /** What each seat may know: whose role. Built from answers and the moderator's state, not from the log. */
  private readonly knowable: Set<number>[];
  private seen = 0;
  /** The deck's cards per role; and the table's, counted at each step in `cards`. */
  private readonly deck: Int32Array;
  private readonly cards = new Int32Array(ROLE_ORDER.size);
  steps = 0;

  constructor(readonly setup: GameSetup, seed: string) {
    this.game = new Game(setup, seed);
    const n = setup.players;
    this.rngs = Array.from({ length: n }, (_, i) => seatStream(seed, i));
    this.knowable = Array.from({ length: n }, (_, i) => new Set([i]));
    this.deck = countRoles(setup.deck, new Int32Array(ROLE_ORDER.size));
    this.check();
  }

  private learn(seat: number, seats: Iterable<number>) {
    for (const s of seats) this.knowable[seat]!.add(s);
  }

  private beforeAnswer(d: Decision, a: Answer) {
    const s = this.game.state;
    const wolves = s.seats.map((x, i) => (x.alive && x.role === 'werewolf' ? i : -1)).filter((i) => i >= 0);
    switch (d.kind) {
      case 'seer':
        if (a.kind === 'seer' && a.target !== null) this.learn(d.seat, [a.target]);
        break;
      case 'peek':
        if (a.kind === 'peek' && a.peek) {
          this.learn(d.seat, wolves);
          for (const w of wolves) this.learn(w, [d.seat]); // if caught
        }
        break;
      case 'cupid':
        if (a.kind === 'cupid' && this.setup.options.loversLearn !== 'nothing') {
          this.learn(a.lovers[0], [a.lovers[1]]);
          this.learn(a.lovers[1], [a.lovers[0]]);
        }
        break;
      default:
        break;
    }
  }

  private heals = 0;
  private poisons = 0;

  /** Checks every invariant on the game as it is now (plain checks: this runs ~600,000 times). */
  check() {
    const g = this.game;
    const s = g.state;
    const n = s.players;
    // Role counts are conserved (the thief swaps with the left-over cards).
    const cards = this.cards.fill(0);
    for (const x of s.seats) cards[ROLE_ORDER.get(x.role)!]!++;
    countRoles(s.leftover, cards);
    for (let r = 0; r < cards.length; r++)
      if (cards[r] !== this.deck[r])
        fail(`roles ${sortedRoles([...s.seats.map((x) => x.role), ...s.leftover])} are not the deck ${sortedRoles(this.setup.deck)}`);
    // The dead never act, but for their last breath; at most one decision per seat.
    let owing = 0;
    for (const d of g.pending()) {
      if (!s.seats[d.seat]!.alive && !LAST_BREATH.has(d.kind)) fail(`dead seat ${d.seat} asked for ${d.kind}`);
      if (owing & (1 << d.seat)) fail(`seat ${d.seat} owes two decisions`);
      owing |= 1 << d.seat;
    }
    // New events: audiences, and role knowledge.
    const log = g.log;
    const wolfSeats = s.seats.map((x, i) => (x.role === 'werewolf' ? i : -1)).filter((i) => i >= 0);
    const wolvesNow = maskOf(wolfSeats);
    // The pack wakes together every night: wolves know each other.
    for (const w of wolfSeats) this.learn(w, wolfSeats);
    for (; this.seen < log.length; this.seen++) {
      const e = log[this.seen]!;
      // Every event's audience is the one its rule gives (helpers/audience.ts: one rule per type).
      const wrong = audienceProblem(e, { wolves: wolvesNow, players: n });
      if (wrong !== null) fail(wrong);
      switch (e.type) {
        case 'witch':
          if (e.heal !== null && ++this.heals > 1) fail('the healing potion used twice');
          if (e.poison !== null && ++this.poisons > 1) fail('the poison used twice');
          break;
        case 'death':
          for (let i = 0; i < n; i++) this.knowable[i]!.add(e.seat);
          break;
        case 'idiot-revealed':
          for (let i = 0; i < n; i++) this.knowable[i]!.add(e.seat);
          break;
        default:
          break;
      }
      // No observation shows a role its holder may not know.
      const facts = roleFacts(e);
      if (facts.length === 0) continue;
      for (let seat = 0; seat < n; seat++) {
        if ((e.vis & (1 << seat)) === 0) continue;
        for (const fact of facts) if (!this.knowable[seat]!.has(fact)) fail(`seat ${seat} sees the role of ${fact} in ${e.type}`);
      }
    }
  }

  play(): void {
    const g = this.game;
    while (!g.over) {
      if (++this.steps > 5000) throw new Error('the game did not end');
      for (const d of g.pending()) {
        const a = randomAnswer(d, this.rngs[d.seat]!);
        this.beforeAnswer(d, a);
        const r = g.submit(d.seat, a, d.id);
        if (!r.ok) fail(`the random agent's answer was refused: ${r.error.message}`);
      }
      this.check();
    }
    // Exactly one outcome, announced once, last (plain checks too: an expect each, ten a game, was a tenth of the test).
    const ends = g.log.filter((e) => e.type === 'end');
    if (ends.length !== 1) fail(`${ends.length} end events`);
    if (g.log.at(-1)!.type !== 'end') fail(`the log ends with a ${g.log.at(-1)!.type} event`);
    const o = g.outcome()!;
    if (ends[0]!.type !== 'end' || o.winner !== ends[0]!.winner) fail(`the outcome's winner ${o.winner} is not the end event's`);
    if (g.pending().length !== 0) fail('a decision is owed after the end');
    if (g.submit(0, { kind: 'vote', target: null }).ok) fail('an answer is accepted after the end');
    if (o.winner === 'draw' && !g.state.seats.every((x) => !x.alive)) fail('a draw with players alive');
    if (o.winner === 'village' && g.state.seats.some((x) => x.alive && x.role === 'werewolf')) fail('the village wins with a werewolf alive');
    if (o.winner === 'piper' && !g.state.seats.every((x) => !x.alive || x.role === 'piper' || x.charmed)) fail('the Piper wins with a living player uncharmed');
    if (o.winner === 'lovers' && g.state.seats.filter((x) => x.alive).length !== 2) fail('the lovers win with more than the two of them alive');
    for (const w of o.winners) if (!o.seats[w]!.won) fail(`winner P${w + 1} is not marked as having won`);
  }
}

function setups(): { label: string; setup: GameSetup }[] {
  const out: { label: string; setup: GameSetup }[] = [];
  const add = (label: string, req: Parameters<typeof resolveSetup>[0]) => {
    const r = resolveSetup(req);
    if (!r.ok) throw new Error(`${label}: ${r.error}`);
    out.push({ label, setup: r.value });
  };
  for (const p of PRESETS) for (const players of Object.keys(p.table)) add(`${p.name} ${players}`, { preset: p.name, players: Number(players) });
  // Every role, and the options the presets leave at one value.
  const all = 'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=3';
  for (const p of PRESETS) add(`${p.name} all roles`, { preset: p.name, roles: all });
  add('anyone+abstain', { roles: all, rules: ['packTargets=anyone', 'packMayAbstain=true', 'wolvesWin=parity', 'littleGirlCaught=0.5'] });
  add('lethal guard, random tie', { roles: all, rules: ['guardRepeat=lethal', 'tie=random', 'loversLearn=role', 'speakingOrder=after-victim'] });
  add('revote', { roles: 'werewolf=2,seer,witch,hunter,cupid,villager=6', rules: ['tie=revote', 'maxRevotes=3', 'sheriff=false'] });
  add('plain 2', { roles: 'werewolf,villager' });
  add('plain 5', { roles: 'werewolf,villager=4', rules: ['sheriff=false'] });
  add('thief with wolves left over', { roles: 'werewolf=4,thief,seer,villager=5', players: 9 });
  add('piper small', { roles: 'werewolf,piper,villager=3', rules: ['sheriff=false'] });
  add('victory at the chain\'s end', { roles: 'werewolf=2,seer,witch,hunter,cupid,villager=2', rules: ['victoryAt=chain-end', 'sheriff=false'] });
  return out;
}

describe('invariants over random games', () => {
  const all = setups();
  const perSetup = Math.ceil(10_000 / all.length);
  it(`hold at every step of ${perSetup * all.length} games over ${all.length} setups (every preset and player count)`, () => {
    const winners = new Map<string, Set<string>>();
    let games = 0;
    for (const { label, setup } of all) {
      const w = new Set<string>();
      for (let i = 0; i < perSetup; i++) {
        const c = new Checked(setup, gameSeed(`inv-${label}`, i));
        c.play();
        w.add(c.game.outcome()!.winner);
        games++;
      }
      winners.set(label, w);
    }
    expect(games).toBeGreaterThanOrEqual(10_000);
    // The suite reaches the rare outcomes too.
    const everything = new Set([...winners.values()].flatMap((s) => [...s]));
    expect([...everything].sort()).toEqual(['draw', 'lovers', 'piper', 'village', 'werewolves']);
  });
});
