// Invariants of the new roles (001, 004), the Harvest Festival and New Moon (004) over many
// seeds, every preset, with the random agent: each decision is checked against the table
// when it is asked, each game's log when it is over.
import { describe, expect, it } from 'vitest';
import type { Decision, PackDecision } from '../../engine/index.js';
import type { Event } from '../../engine/index.js';
import { Game } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { audienceProblem } from '../helpers/audience.js';
import { check } from '../helpers/check.js';
import { livingNeighbours, run, setupOf } from '../helpers/scripted.js';

const MIXES = [
  'werewolf=2,seer,witch,hunter,cupid,elder,scapegoat,idiot', // 8
  'werewolf=2,seer,witch,hunter,guard,little-girl,piper,thief,villager=2', // 10
  'werewolf=3,seer,witch,hunter,cupid,guard,elder,idiot,scapegoat,piper,little-girl,thief,villager=2', // 16
];
const PRESETS = ['standard', 'classic', 'introduction', 'thiercelieux'];
const VARIANTS: Record<string, string[]> = {
  // The new roles' invariants (Piper, Elder, Idiot, Scapegoat) under each preset's own rules too.
  plain: [],
  harvest: ['harvestFestival=true'],
  moon: ['newMoon=all'],
  both: ['harvestFestival=true', 'newMoon=all'],
};
const GAMES = 60;
const LAST_BREATH = new Set<Decision['kind']>(['hunter', 'successor', 'punish']);

/** The events of the current day so far (since the last `day` event). */
function today(log: readonly Event[]): Event[] {
  let i = log.length - 1;
  while (i >= 0 && log[i]!.type !== 'day') i--;
  return log.slice(i + 1);
}

/** The voters named by a Scapegoat on the day before the log's current day (one pass). */
function namedYesterday(log: readonly Event[]): (readonly number[])[] {
  let day = 0;
  const byDay: { day: number; voters: readonly number[] }[] = [];
  for (const e of log) {
    if (e.type === 'day') day++;
    else if (e.type === 'scapegoat-voters') byDay.push({ day, voters: e.voters });
  }
  return byDay.filter((x) => x.day === day - 1).map((x) => x.voters);
}

/** Checks a voter's right to vote (and, where given, his targets) from the log. */
function checkVoter(g: Game, voter: number, targets: readonly number[] | null): void {
  const log = g.log;
  // A revealed Idiot never votes again (001, 004).
  check(!log.some((e) => e.type === 'idiot-revealed' && e.seat === voter), `the revealed Idiot P${voter + 1} votes`);
  // A Scapegoat's restriction holds for the day after his death (001, 004).
  for (const n of namedYesterday(log)) check(n.includes(voter), `P${voter + 1} votes, not named by the Scapegoat`);
  const t = today(log);
  // Away today (Luncheon for Seniors, Gone Hunting): no vote, cannot be voted for.
  for (const e of t)
    if (e.type === 'away') {
      check(!e.seats.includes(voter), `P${voter + 1} votes while away`);
      for (const x of targets ?? []) check(!e.seats.includes(x), `P${x + 1} may be voted for while away`);
    }
  // Not Me – Nor Wolf: a banned word said today costs the vote.
  check(!t.some((e) => e.type === 'banned-word' && e.seat === voter), `P${voter + 1} votes after a banned word`);
}

function checkDecision(d: Decision, g: Game, harvest: boolean, stats: Map<string, number>): void {
  const s = g.state;
  stats.set(d.kind, (stats.get(d.kind) ?? 0) + 1);
  // The dead never act, but for last-breath decisions.
  if (!s.seats[d.seat]!.alive) check(LAST_BREATH.has(d.kind), `${d.kind} by the dead P${d.seat + 1}`);
  if (harvest) {
    check(d.kind !== 'thief' && d.kind !== 'witch', `a ${d.kind} decision under the Harvest Festival`);
    if (d.kind === 'guard') for (const t of d.targets) check([d.seat, ...livingNeighbours(g, d.seat)].includes(t), `the guard may protect P${t + 1}, no neighbour`);
    if (d.kind === 'hunter') check(d.targets.every((t) => livingNeighbours(g, d.seat).includes(t)), 'the hunter may shoot beyond his neighbours');
    if (d.kind === 'piper') check(d.count === 1, `the piper charms ${d.count}`);
    if (d.kind === 'pack') {
      const pack = [...g.log].reverse().find((e) => e.type === 'pack');
      const reach = new Set(pack?.type === 'pack' ? pack.wolves.flatMap((w) => livingNeighbours(g, w)) : []);
      for (const t of (d as PackDecision).targets) check(reach.has(t), `the pack may eat P${t + 1}, out of its reach`);
    }
  }
  if (d.kind === 'vote' || d.kind === 'sacrifice') checkVoter(g, d.seat, d.targets);
  if (d.kind === 'friends') checkVoter(g, d.seat, null);
  if (d.kind === 'vote') {
    // April Fools: lovers vote for each other.
    const card = [...g.log].reverse().find((e) => e.type === 'moon');
    if (card?.type === 'moon' && card.event === 'april-fools' && s.seats[d.seat]!.lover >= 0) {
      const t = s.triangle;
      const partners = t !== null && d.seat === t.b ? [t.a, t.c] : [s.seats[d.seat]!.lover];
      for (const x of d.targets) check(partners.includes(x), `an April Fools lover may vote for P${x + 1}`);
      stats.set('april-lover-vote', (stats.get('april-lover-vote') ?? 0) + 1);
    }
  }
}

/** The card each seat plays at each point of the log (deal, thief, potion, miracle). */
function rolesAt(log: readonly Event[], players: number, at: number): Role[] {
  const roles = new Array<Role>(players);
  for (const e of log.slice(0, at)) {
    if (e.type === 'deal') roles[e.seat] = e.role;
    if (e.type === 'thief-swap' && e.took !== null) roles[e.seat] = e.took;
    if (e.type === 'thief-steal' && e.took !== null) roles[e.seat] = e.took;
    if (e.type === 'role-change') roles[e.seat] = e.role;
    if (e.type === 'miracle') roles[e.seat] = 'villager';
  }
  return roles;
}

/**
 * Every event's audience is the one its rule gives (helpers/audience.ts), the variants'
 * private events included (the witch's potion, the seer's glimpse, the thief's steal, …),
 * judged with the werewolves of the moment the event was emitted.
 */
function checkAudiences(log: readonly Event[], players: number, stats: Map<string, number>): void {
  const roles = new Array<Role | undefined>(players);
  for (const e of log) {
    if (e.type === 'deal') roles[e.seat] = e.role;
    if ((e.type === 'thief-swap' || e.type === 'thief-steal') && e.took !== null) roles[e.seat] = e.took;
    if (e.type === 'role-change') roles[e.seat] = e.role;
    if (e.type === 'miracle') roles[e.seat] = 'villager';
    let wolves = 0;
    roles.forEach((r, i) => {
      if (r === 'werewolf') wolves |= 1 << i;
    });
    const wrong = audienceProblem(e, { wolves, players });
    check(wrong === null, () => wrong!);
    stats.set(`event:${e.type}`, (stats.get(`event:${e.type}`) ?? 0) + 1);
  }
}

function checkGame(g: Game, stats: Map<string, number>): void {
  const s = g.state;
  const log = g.log;
  checkAudiences(log, s.players, stats);
  // The game ends, with exactly one outcome.
  expect(g.over).toBe(true);
  const ends = log.filter((e) => e.type === 'end');
  expect(ends).toHaveLength(1);
  expect(log.at(-1)).toBe(ends[0]);
  expect(g.outcome()!.winner).toBe(ends[0]!.type === 'end' ? ends[0]!.winner : null);
  // Each seat dies at most once; the dead are exactly those announced dead.
  const deaths = log.flatMap((e) => (e.type === 'death' ? [e.seat] : []));
  expect(new Set(deaths).size).toBe(deaths.length);
  for (let i = 0; i < s.players; i++) check(s.seats[i]!.alive === !deaths.includes(i), `P${i + 1} alive or dead against the log`);
  // The Piper wins only when every other living player is charmed (001, 004).
  if (g.outcome()!.winner === 'piper') {
    stats.set('piper-wins', (stats.get('piper-wins') ?? 0) + 1);
    const piper = s.seats.findIndex((st) => st.alive && st.role === 'piper');
    expect(piper).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < s.players; i++) if (i !== piper && s.seats[i]!.alive) check(s.seats[i]!.charmed, `the Piper wins with P${i + 1} uncharmed`);
  }
  // An Elder's lives: the werewolves kill him only at their second attack, or after a heal (001, 004)
  // — but in an April Fools round where the guard holds his power.
  const hit = new Set<number>();
  let swapped = false;
  log.forEach((e, i) => {
    if (e.type === 'moon') swapped = false;
    if (e.type === 'power-swap' && e.power === 'guard') swapped = true; // the Elder holds the guard's power
    if (e.type !== 'attack') return;
    const roles = rolesAt(log, s.players, i);
    if (roles[e.target] !== 'elder' || swapped) return;
    if (e.result === 'killed') {
      check(hit.has(e.target), `the Elder P${e.target + 1} killed at the first attack`);
      stats.set('elder-second-attack', (stats.get('elder-second-attack') ?? 0) + 1);
    }
    if (e.result === 'life-lost' || e.result === 'healed') hit.add(e.target);
  });
  // An Idiot never votes after his reveal; a Scapegoat's voters are the only voters the next day.
  const revealed = new Set<number>();
  const namedOn = new Map<number, readonly number[]>(); // day → voters named that day
  let day = 0;
  for (const e of log) {
    if (e.type === 'day') day++;
    if (e.type === 'idiot-revealed') revealed.add(e.seat);
    if (e.type === 'scapegoat-voters') namedOn.set(day, e.voters);
    const voters = e.type === 'votes' || e.type === 'sacrifice' || e.type === 'friends' ? e.votes.map((v) => v.voter) : null;
    if (voters === null) continue;
    for (const v of voters) check(!revealed.has(v), `the revealed Idiot P${v + 1} votes`);
    const named = namedOn.get(day - 1);
    if (named !== undefined) {
      for (const v of voters) check(named.includes(v), `P${v + 1} votes, not named by the Scapegoat`);
      stats.set('scapegoat-restricted-vote', (stats.get('scapegoat-restricted-vote') ?? 0) + 1);
    }
  }
  // New Moon: one card each dawn, right after the day begins.
  if (g.setup.options.newMoon.length > 0)
    log.forEach((e, i) => {
      if (e.type === 'day') check(log[i + 1]!.type === 'moon', `day ${e.day} opens without a New Moon card`);
    });
}

describe('new roles, Harvest Festival and New Moon invariants over many seeds (001, 004)', () => {
  for (const [name, rules] of Object.entries(VARIANTS)) {
    it(`${name}: games end with one outcome; the dead do not act; powers, votes and restrictions hold (${name === 'plain' ? '001, 004' : '004'})`, () => {
      const stats = new Map<string, number>();
      const winners = new Map<string, number>();
      for (const preset of PRESETS)
        for (const mix of MIXES) {
          const setup = setupOf(mix, ['sheriff=true', ...rules], preset);
          for (let i = 0; i < GAMES; i++) {
            const g = run(new Game(setup, `inv-${name}-${preset}-${i}`), undefined, {
              onDecision: (d, gg) => checkDecision(d, gg, setup.options.harvestFestival, stats),
            });
            checkGame(g, stats);
            winners.set(g.outcome()!.winner, (winners.get(g.outcome()!.winner) ?? 0) + 1);
          }
        }
      // The checks were exercised, not vacuous.
      expect(winners.get('village')! + winners.get('werewolves')!).toBeGreaterThan(300);
      expect(stats.get('vote')!).toBeGreaterThan(1000);
      expect(stats.get('elder-second-attack') ?? 0).toBeGreaterThan(5);
      // (under the Harvest Festival the Scapegoat never dies on a tie, so never names voters)
      if (!rules.includes('harvestFestival=true')) expect(stats.get('scapegoat-restricted-vote') ?? 0).toBeGreaterThan(5);
      expect(stats.get('piper-wins') ?? 0).toBeGreaterThan(5);
      if (rules.includes('harvestFestival=true')) {
        for (const k of ['guard', 'hunter', 'pack', 'steal', 'potion', 'secret-lover', 'sacrifice']) expect(stats.get(k) ?? 0, k).toBeGreaterThan(10);
        // The variant's private events were there to be checked.
        for (const k of ['witch-potion', 'seer-glimpse', 'thief-steal', 'role-change', 'secret-lover', 'peek-witch', 'girl-seen'])
          expect(stats.get(`event:${k}`) ?? 0, k).toBeGreaterThan(5);
      }
      if (rules.includes('newMoon=all')) for (const k of ['power-swap', 'lovers-parted']) expect(stats.get(`event:${k}`) ?? 0, k).toBeGreaterThan(2);
      if (rules.includes('newMoon=all')) {
        for (const k of ['vouch', 'medium', 'punish', 'defend', 'friends', 'pact', 'april-lover-vote']) expect(stats.get(k) ?? 0, k).toBeGreaterThan(10);
      }
    });
  }

  it('Harvest Festival + New Moon: the same seed gives the same game, byte for byte', () => {
    const setup = setupOf(MIXES[2]!, ['sheriff=true', 'harvestFestival=true', 'newMoon=all']);
    for (let i = 0; i < 30; i++) {
      const a = run(new Game(setup, `det-${i}`));
      const b = run(new Game(setup, `det-${i}`));
      expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
      expect(JSON.stringify(b.outcome())).toBe(JSON.stringify(a.outcome()));
    }
  });
});
