// New Moon (004, 新月): each event card, exercised and asserted.
import { describe, expect, it } from 'vitest';
import { check } from '../../helpers/check.js';
import { legalAnswers, type Decision, type PackDecision, type VoteDecision } from '../../../engine/index.js';
import { ALL, only } from '../../../engine/index.js';
import { Game } from '../../../engine/index.js';
import { buildMoonDeck, MOON_EVENTS, SPIRITUALISM_CARDS } from '../../../engine/index.js';
import { bannedWord } from '../../../engine/moon/words.js';
import { formatOptions } from '../../../engine/index.js';
import { resolveSetup } from '../../../engine/index.js';
import { teamOf, type Role } from '../../../engine/index.js';
import { Rng } from '../../../engine/index.js';
import { before, causes, dealt, eventsOf, livingNeighbours, many, run, setupOf } from '../../helpers/scripted.js';

const moon = (events: string) => [`newMoon=${events}`];
/** Seats alive just before log index `at`: everyone but those whose death came earlier. */
const aliveAt = (g: Game, at: number) => {
  const dead = new Set(g.log.slice(0, at).flatMap((e) => (e.type === 'death' ? [e.seat] : [])));
  return Array.from({ length: g.state.players }, (_, i) => i).filter((i) => !dead.has(i));
};

describe('New Moon: the deck (004)', () => {
  it("New Moon: the deck holds 004's fifteen Full Moon cards, five of them Spiritualism (004)", () => {
    const deck = buildMoonDeck([...MOON_EVENTS]);
    expect(deck).toHaveLength(15);
    expect(deck.filter((c) => c.event === 'spiritualism').map((c) => c.variant)).toEqual([0, 1, 2, 3, 4]);
    expect(SPIRITUALISM_CARDS.flat()).toHaveLength(14);
  });

  it('New Moon: the option takes event names, all, none and -event, and says what is wrong otherwise', () => {
    const all = resolveSetup({ players: 8, rules: ['newMoon=all'] });
    expect(all.ok && all.value.options.newMoon).toEqual([...MOON_EVENTS]);
    const some = resolveSetup({ players: 8, rules: ['newMoon=all,-april-fools,-miracle'] });
    expect(some.ok && some.value.options.newMoon.length).toBe(MOON_EVENTS.length - 2);
    const bad = resolveSetup({ players: 8, rules: ['newMoon=miracles'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/unknown New Moon event 'miracles' \(did you mean 'miracle'\?\)/);
    expect(formatOptions(all.ok ? all.value.options : (null as never))).toContain('newMoon=all');
    const off = resolveSetup({ players: 8 });
    expect(off.ok && formatOptions(off.value.options)).toContain('newMoon=none');
    expect(off.ok && formatOptions(off.value.options)).toContain('harvestFestival=false');
  });

  it('New Moon: a card is drawn at every dawn and shown to all; the deck is drawn through before it is reshuffled (004)', () => {
    const events = ['miracle', 'end-of-the-harvest', 'pact-with-the-devil'] as const;
    let long = 0;
    for (const g of many(setupOf('werewolf=2,seer,villager=9', moon(events.join(','))), 60, 'nm-draw')) {
      const days = eventsOf(g, 'day');
      const cards = eventsOf(g, 'moon');
      expect(cards).toHaveLength(days.length);
      for (const d of days) expect(g.log[g.log.indexOf(d) + 1]).toMatchObject({ type: 'moon', vis: ALL });
      for (let k = 0; k + 3 <= cards.length; k += 3) expect(cards.slice(k, k + 3).map((c) => c.event).sort()).toEqual([...events].sort());
      if (cards.length >= 6) long++;
    }
    expect(long).toBeGreaterThan(5);
  });

  it("New Moon: the players' sexes and ages are drawn at setup when an event needs them, and are public (004)", () => {
    const g = run(new Game(setupOf('werewolf=2,seer,villager=5', moon('gone-hunting')), 'attr'), undefined, { until: before('guard') });
    const a = eventsOf(g, 'attributes');
    expect(a).toHaveLength(1);
    expect(a[0]!.vis).toBe(ALL);
    expect([...a[0]!.seniority].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a[0]!.male).toHaveLength(8);
    const none = run(new Game(setupOf('werewolf=2,seer,villager=5', moon('miracle')), 'attr'), undefined, { until: before('seer') });
    expect(eventsOf(none, 'attributes')).toHaveLength(0);
  });

  it('New Moon: End of the Harvest is a round like any other (004)', () => {
    for (let i = 0; i < 20; i++) {
      const plain = run(new Game(setupOf('werewolf=2,seer,witch,hunter,villager=4'), `eoh#${i}`));
      const card = run(new Game(setupOf('werewolf=2,seer,witch,hunter,villager=4', moon('end-of-the-harvest')), `eoh#${i}`));
      expect(JSON.stringify(card.log.filter((e) => e.type !== 'moon'))).toBe(JSON.stringify(plain.log));
    }
  });
});

describe('New Moon: Miracle (004)', () => {
  const mix = 'werewolf=2,seer,witch,villager=4';
  const noPotion = { kind: 'witch', heal: false, poison: null } as const;
  it("New Moon: Miracle — the night's victim of the werewolves is revealed but comes back as a plain villager (004)", () => {
    const g = dealt(setupOf(mix, moon('miracle')), ['werewolf', undefined, undefined, 'seer']);
    run(g, (d) => (d.kind === 'pack' ? 3 : d.kind === 'witch' ? noPotion : undefined), { until: (gg) => gg.state.night === 2 });
    expect(eventsOf(g, 'miracle')[0]).toMatchObject({ seat: 3, role: 'seer', vis: ALL });
    expect(g.state.seats[3]).toMatchObject({ alive: true, role: 'villager', death: null });
    expect(eventsOf(g, 'death').filter((e) => e.seat === 3)).toHaveLength(0);
  });

  it('New Moon: Miracle does not undo a poisoning the same night (004)', () => {
    const g = dealt(setupOf(mix, moon('miracle')), ['werewolf', undefined, undefined, 'seer']);
    run(g, (d) => (d.kind === 'pack' ? 3 : d.kind === 'witch' ? { kind: 'witch', heal: false, poison: 3 } : undefined), {
      until: before('speech'),
    });
    expect(eventsOf(g, 'miracle')).toHaveLength(0);
    expect(causes(g)).toEqual([{ seat: 3, cause: 'poison' }]);
  });

  it('New Moon: Miracle with no victim last night does nothing (004)', () => {
    const g = new Game(setupOf(mix, [...moon('miracle'), 'packMayAbstain=true']), 'mir');
    run(g, (d) => (d.kind === 'pack' ? null : d.kind === 'witch' ? noPotion : undefined), { until: before('speech') });
    expect(eventsOf(g, 'moon-void')[0]).toMatchObject({ event: 'miracle' });
    expect(g.state.seats.every((s) => s.alive)).toBe(true);
  });
});

describe('New Moon: Bleak Monday (004)', () => {
  it('New Moon: Bleak Monday — vouching starts left of the last dead; the vouched sits and vouches; the last standing is executed (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', moon('bleak-monday')), ['werewolf', 'werewolf']);
    run(g, (d) => (d.kind === 'pack' ? 3 : d.kind === 'vouch' ? d.targets[0]! : undefined), { until: (gg) => gg.state.night === 2 });
    expect(eventsOf(g, 'vouch').map((e) => [e.seat, e.target])).toEqual([
      [4, 0], // 4 is left of the dead 3; 4 stays standing until vouched for
      [0, 1],
      [1, 2],
      [2, 4],
      [4, 5],
      [5, 6],
    ]);
    expect(eventsOf(g, 'votes')).toHaveLength(0);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 7, reason: 'unvouched' });
    expect(causes(g)).toContainEqual({ seat: 7, cause: 'vote' });
  });

  it('New Moon: Bleak Monday — over many games the chain is well formed (004)', () => {
    let chains = 0;
    for (const g of many(setupOf('werewolf=2,seer,witch,hunter,villager=5', moon('bleak-monday')), 80, 'nm-bleak')) {
      for (const card of eventsOf(g, 'moon')) {
        const start = g.log.indexOf(card);
        const end = g.log.findIndex((e, i) => i > start && e.type === 'night');
        const day = g.log.slice(start, end < 0 ? undefined : end);
        const vouches = day.filter((e) => e.type === 'vouch');
        const verdict = day.find((e) => e.type === 'verdict');
        if (vouches.length === 0 || verdict?.type !== 'verdict') continue;
        const alive = aliveAt(g, g.log.indexOf(vouches[0]!));
        expect(vouches).toHaveLength(alive.length - 1);
        const sat = new Set<number>();
        let voucher = -1;
        for (const v of vouches) {
          if (v.type !== 'vouch') continue;
          if (voucher >= 0) expect(v.seat).toBe(voucher);
          expect(sat.has(v.target)).toBe(false);
          expect(v.target).not.toBe(v.seat);
          sat.add(v.target);
          voucher = v.target;
        }
        expect(alive.filter((i) => !sat.has(i))).toEqual([verdict.target]);
        chains++;
      }
    }
    expect(chains).toBeGreaterThan(50);
  });
});

describe('New Moon: Not Me – Nor Wolf (004)', () => {
  it('New Moon: Not Me – Nor Wolf — "I", "me" and "wolf" as words, 我 and 狼 anywhere, are banned; other words are not', () => {
    for (const t of ['I think P3', 'trust me', 'my vote', "I'm sure", 'I’ll vote', 'P2 is a werewolf', 'WOLVES!', 'myself', '我觉得是三号', '他是狼人', '我们'])
      expect(bannedWord(t), t).not.toBeNull();
    for (const t of ['Vote P3 tonight', 'it is him', 'meet at noon', 'mimic', 'Iowa', 'wool', 'we trust P4', '投三号'])
      expect(bannedWord(t), t).toBeNull();
  });

  it("New Moon: Not Me – Nor Wolf — who says a banned word in a statement loses that day's vote (004)", () => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', moon('not-me-nor-wolf')), ['werewolf', 'werewolf']);
    const said = (text: string) => ({ kind: 'speech', claims: [], text }) as const;
    const votersOf = new Map<number, number[]>();
    run(
      g,
      (d, gg) => {
        if (d.kind === 'pack') return gg.state.night === 1 ? 3 : undefined;
        if (d.kind === 'speech' && gg.state.day === 1) {
          if (d.seat === 2) return said('I am innocent');
          if (d.seat === 5) return said('他是狼');
          if (d.seat === 6) return { kind: 'speech', claims: [{ type: 'role', role: 'seer' }] }; // a claim is not words
          return said('vote P1');
        }
        return undefined;
      },
      {
        until: (gg) => gg.state.day === 2 && gg.pending().some((d) => d.kind === 'vote'),
        onDecision: (d, gg) => {
          if (d.kind === 'vote') votersOf.set(gg.state.day, [...(votersOf.get(gg.state.day) ?? []), d.seat]);
        },
      },
    );
    expect(eventsOf(g, 'banned-word').map((e) => [e.seat, e.word, e.vis])).toEqual([
      [2, 'I', ALL],
      [5, '狼', ALL],
    ]);
    const day1 = votersOf.get(1)!;
    expect(day1).not.toContain(2);
    expect(day1).not.toContain(5);
    expect(day1).toContain(6);
    // The lost vote is that day's only: on day 2 whoever lives votes again (the random agent says nothing).
    const day2 = g.pending().filter((d) => d.kind === 'vote').map((d) => d.seat);
    for (const seat of [2, 5]) if (g.state.seats[seat]!.alive) expect(day2).toContain(seat);
  });
});

describe('New Moon: Spiritualism (004)', () => {
  it('New Moon: Spiritualism — the medium is left of the last dead; he asks the ghost of the first wolf victim one of the card\'s questions (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', moon('spiritualism')), ['werewolf', 'werewolf']);
    run(g, (d) => (d.kind === 'pack' ? 4 : undefined), { until: before('medium') });
    const d = g.pending()[0]!;
    const card = eventsOf(g, 'moon')[0]!;
    expect(d).toMatchObject({ kind: 'medium', seat: 5, ghost: 4, questions: SPIRITUALISM_CARDS[card.variant], targets: [0, 1, 2, 3, 6, 7] });
  });

  it('New Moon: Spiritualism — the ghost answers truly, whatever the question (004)', () => {
    const asked = new Map<string, number>();
    const rng = new Rng('medium');
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const g = new Game(setupOf('werewolf=2,seer,witch,hunter,villager=5', [...moon('spiritualism'), 'sheriff=true']), `sp#${i}`);
      const expected: boolean[] = [];
      run(g, (d: Decision, gg) => {
        if (d.kind !== 'medium') return undefined;
        const all = legalAnswers(d)!;
        const a = all[rng.int(all.length)]!;
        if (a.kind === 'medium') expected.push(truth(gg, d.seat, a.question, a.about));
        if (a.kind === 'medium') asked.set(a.question, (asked.get(a.question) ?? 0) + 1);
        return a;
      });
      const seances = eventsOf(g, 'seance');
      expect(seances.map((e) => e.answer)).toEqual(expected);
      for (const e of seances) {
        const lastDead = [...g.log.slice(0, g.log.indexOf(e))].reverse().find((x) => x.type === 'death');
        const firstWolf = eventsOf(g, 'death-cause').find((x) => x.cause === 'wolves');
        expect(e.ghost).toBe(firstWolf!.seat);
        if (lastDead?.type === 'death') {
          const alive = aliveAt(g, g.log.indexOf(e));
          let left = (lastDead.seat + 1) % g.state.players;
          while (!alive.includes(left)) left = (left + 1) % g.state.players;
          expect(e.medium).toBe(left);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(asked.size).toBe(14); // every question was asked
  });
});

/** A question's truth, computed from the log and the table, independently of the engine's code. */
function truth(g: Game, medium: number, q: string, about: readonly number[]): boolean {
  const s = g.state;
  const role = (i: number): Role => s.seats[i]!.role;
  const attrs = eventsOf(g, 'attributes')[0]!;
  const wolves = s.seats.flatMap((st, i) => (st.alive && st.role === 'werewolf' ? [i] : []));
  const found = g.log.some((e) => (e.type === 'seer' && e.result === 'werewolf') || (e.type === 'seer-glimpse' && e.results.includes('werewolf')));
  switch (q) {
    case 'seer-found-wolf':
      return found;
    case 'wolves-adjacent':
      return wolves.some((w) => livingNeighbours(g, w).some((n) => n !== w && role(n) === 'werewolf'));
    case 'am-i-wolf':
      return role(medium) === 'werewolf';
    case 'same-side':
      return teamOf(role(about[0]!)) === teamOf(role(about[1]!));
    case 'witch-is-man':
      return s.seats.some((st, i) => st.role === 'witch' && attrs.male[i]);
    case 'sheriff-is-villager':
      return s.sheriff >= 0 && role(s.sheriff) === 'villager';
    case 'all-wolves-men':
      return wolves.every((w) => attrs.male[w]);
    case 'all-wolves-women':
      return wolves.every((w) => !attrs.male[w]);
    case 'am-i-villager':
      return role(medium) === 'villager';
    case 'sheriff-is-wolf':
      return s.sheriff >= 0 && role(s.sheriff) === 'werewolf';
    case 'any-wolf-man':
      return wolves.some((w) => attrs.male[w]);
    case 'any-wolf-woman':
      return wolves.some((w) => !attrs.male[w]);
    case 'neighbour-wolf':
      return livingNeighbours(g, about[0]!).some((n) => role(n) === 'werewolf');
    case 'is-villager':
      return role(about[0]!) === 'villager';
  }
  throw new Error(q);
}

describe('New Moon: Luncheon for Seniors and Gone Hunting (004)', () => {
  /** Checks every speech and vote against the day's last `away` event. */
  function checkAway(event: string, expectAway: (g: Game, alive: number[]) => number[]) {
    let days = 0;
    let wolvesAway = 0;
    for (const g of many(setupOf('werewolf=2,seer,witch,hunter,villager=5', [...moon(event), 'sheriff=true']), 80, `nm-${event}`, (d, gg) => {
      const away = [...gg.log].reverse().find((e) => e.type === 'away' || e.type === 'night');
      if (away?.type !== 'away' || (d.kind !== 'speech' && d.kind !== 'vote' && d.kind !== 'election')) return;
      check(!away.seats.includes(d.seat), () => `P${d.seat + 1}, away, asked for a ${d.kind}`);
      if (d.kind === 'vote' || d.kind === 'election') for (const t of (d as VoteDecision).targets) check(!away.seats.includes(t), () => `P${t + 1}, away, may be chosen in a ${d.kind}`);
    })) {
      for (const e of eventsOf(g, 'away')) {
        expect(e.vis).toBe(ALL);
        expect(e.seats).toEqual(expectAway(g, aliveAt(g, g.log.indexOf(e))));
        days++;
        // The night after: the pack is every living wolf (Luncheon) or the women among them (Gone Hunting).
        const after = g.log.slice(g.log.indexOf(e));
        const pack = after.find((x) => x.type === 'pack' || x.type === 'day' && after.indexOf(x) > 0);
        if (pack?.type === 'pack') {
          const alive = aliveAt(g, g.log.indexOf(pack));
          const wolves = alive.filter((i) => g.state.seats[i]!.role === 'werewolf'); // no card changes hands in this mix
          const hunting = event === 'gone-hunting' ? e.seats : [];
          expect(pack.wolves).toEqual(wolves.filter((w) => !hunting.includes(w)));
          if (wolves.some((w) => hunting.includes(w))) wolvesAway++;
        }
      }
    }
    expect(days).toBeGreaterThan(100);
    return wolvesAway;
  }

  // 004: 所有游戏者中年龄偏大的那半数玩家被称为"年长者" — the older half of all the players,
  // not of the living: the dead among them leave no place to a younger one.
  it('New Moon: Luncheon for Seniors — the older half of all the players, if alive, neither speaks nor votes nor can be voted for that day, and is back by night (004)', () => {
    checkAway('luncheon-for-seniors', (g, alive) => {
      const seniority = eventsOf(g, 'attributes')[0]!.seniority;
      const all = seniority.map((_, i) => i);
      return all.sort((a, b) => seniority[a]! - seniority[b]!).slice(0, Math.floor(all.length / 2)).filter((i) => alive.includes(i)).sort((a, b) => a - b);
    });
  });

  it('New Moon: Gone Hunting — the men neither speak, vote nor can be voted for, and until dawn neither eat nor are eaten (004)', () => {
    const wolvesAway = checkAway('gone-hunting', (g, alive) => alive.filter((i) => eventsOf(g, 'attributes')[0]!.male[i]));
    expect(wolvesAway).toBeGreaterThan(10);
    let checked = 0;
    many(setupOf('werewolf=2,seer,villager=5', moon('gone-hunting')), 80, 'nm-hunting-pack', (d, g) => {
      if (d.kind !== 'pack') return;
      const male = eventsOf(g, 'attributes')[0]!.male;
      if (g.state.night === 1) return; // no card before the first dawn
      for (const t of (d as PackDecision).targets) check(!male[t], () => `the pack may eat P${t + 1}, a man gone hunting`);
      check(!male[d.seat], () => `P${d.seat + 1}, a man gone hunting, hunts with the pack`);
      checked++;
    });
    expect(checked).toBeGreaterThan(50);
  });
});

describe('New Moon: April Fools (004)', () => {
  const mix = 'werewolf=2,witch,seer,hunter,little-girl,guard,elder,cupid,villager';
  const table: Role[] = ['witch', 'seer', 'hunter', 'little-girl', 'guard', 'elder'];
  const base = (script: (d: Decision, g: Game) => ReturnType<Parameters<typeof run>[1] & {}>) => (d: Decision, g: Game) => {
    const x = script(d, g);
    if (x !== undefined) return x;
    if (d.kind === 'cupid') return { kind: 'cupid', lovers: [0, 1] } as const;
    if (d.kind === 'pack' && g.state.night === 1) return g.state.seats.findIndex((s) => s.role === 'villager');
    if (d.kind === 'witch') return { kind: 'witch', heal: false, poison: null } as const;
    // The day's vote goes to a werewolf: none of the swapped powers is lost before night 2.
    if (d.kind === 'vote') return d.targets.find((t) => g.state.seats[t]!.role === 'werewolf');
    return undefined;
  };
  const game = () => dealt(setupOf(mix, [...moon('april-fools'), 'littleGirlCaught=0']), table, 'april');

  it('New Moon: April Fools — witch↔seer, hunter↔little girl, guard↔elder swap powers for the round, each told in private (004)', () => {
    const g = run(game(), base(() => undefined), { until: (gg) => gg.state.night === 2 && gg.pending().some((d) => d.kind === 'pack') });
    expect(eventsOf(g, 'power-swap').map((e) => [e.seat, e.power, e.vis])).toEqual([
      [1, 'witch', only(1)],
      [0, 'seer', only(0)],
      [3, 'hunter', only(3)],
      [2, 'little-girl', only(2)],
      [5, 'guard', only(5)],
      [4, 'elder', only(4)],
    ]);
    const night2 = g.log.slice(g.log.findIndex((e) => e.type === 'night' && e.night === 2));
    expect(night2.find((e) => e.type === 'guard')).toMatchObject({ seat: 5 });
    expect(night2.find((e) => e.type === 'seer')).toMatchObject({ seat: 0 });
    expect(g.pending().find((d) => d.kind === 'peek')).toMatchObject({ seat: 2 });
  });

  it('New Moon: April Fools — the seer is shown the victim and holds the potions; the witch looks at a card (004)', () => {
    const g = run(game(), base(() => undefined), {
      until: (gg) => gg.state.night === 2 && gg.pending().some((d) => d.kind === 'witch'),
    });
    expect(g.pending().find((d) => d.kind === 'witch')).toMatchObject({ seat: 1, canHeal: true });
  });

  it('New Moon: April Fools — the little girl shoots when she dies this round, the hunter does not (004)', () => {
    const out = (victim: number) =>
      run(game(), base((d, g) => (d.kind === 'vote' && g.state.day === 1 ? (d.seat === 0 || d.seat === 1 ? undefined : d.targets.includes(victim) ? victim : null) : undefined)), {
        until: (gg) => gg.state.night === 2,
      });
    const girl = out(3);
    expect(causes(girl)).toContainEqual({ seat: 3, cause: 'vote' });
    expect(eventsOf(girl, 'shot').map((e) => e.seat)).toEqual([3]);
    const hunter = out(2);
    expect(causes(hunter)).toContainEqual({ seat: 2, cause: 'vote' });
    expect(eventsOf(hunter, 'shot')).toHaveLength(0);
  });

  it("New Moon: April Fools — the guard survives the wolves' attack with the elder's power; the elder has no extra life (004)", () => {
    const attack = (victim: number) =>
      run(game(), base((d, g) => (d.kind === 'pack' && g.state.night === 2 ? victim : d.kind === 'guard' && g.state.night === 2 ? (d.targets.includes(0) ? 0 : d.targets[0]!) : d.kind === 'vote' && g.state.day === 1 && d.seat > 1 ? null : undefined)), {
        until: (gg) => gg.state.day === 2 && gg.pending().some((d) => d.kind === 'speech'),
      });
    const guard = attack(4);
    expect(eventsOf(guard, 'attack').at(-1)).toMatchObject({ target: 4, result: 'life-lost' });
    expect(guard.state.seats[4]!.alive).toBe(true);
    const elder = attack(5);
    expect(eventsOf(elder, 'attack').at(-1)).toMatchObject({ target: 5, result: 'killed' });
    expect(elder.state.seats[5]!.alive).toBe(false);
  });

  it('New Moon: April Fools — lovers must vote for each other; one dies and the other lives, loving him no more (004)', () => {
    const g = run(game(), base((d, gg) => (d.kind === 'vote' && gg.state.day === 1 && d.seat > 1 ? (d.targets.includes(0) ? 0 : null) : undefined)), {
      until: (gg) => gg.state.night === 2,
      onDecision: (d, gg) => {
        if (d.kind === 'vote' && gg.state.day === 1 && d.seat <= 1) expect(d).toMatchObject({ targets: [1 - d.seat], mayPass: false });
      },
    });
    expect(causes(g)).toContainEqual({ seat: 0, cause: 'vote' });
    expect(causes(g)).not.toContainEqual({ seat: 1, cause: 'grief' });
    expect(g.state.seats[1]).toMatchObject({ alive: true, lover: -1 });
    expect(eventsOf(g, 'lovers-parted')[0]).toMatchObject({ seat: 0, freed: [1], vis: only(1) });
  });
});

describe('New Moon: Punishment (004)', () => {
  const play = (defenders: number[]) => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', moon('punishment')), ['werewolf', 'werewolf']);
    return run(
      g,
      (d) => {
        if (d.kind === 'pack') return 3;
        if (d.kind === 'punish') return 5;
        if (d.kind === 'defend') return { kind: 'defend', defend: defenders.includes(d.seat) };
        return undefined;
      },
      { until: before('speech') },
    );
  };
  it('New Moon: Punishment — the last dead names a player, who dies unless two players vouch for him (004)', () => {
    const g = play([0]);
    expect(eventsOf(g, 'punish')[0]).toMatchObject({ seat: 3, target: 5, vis: ALL });
    expect(eventsOf(g, 'defence')[0]).toMatchObject({ accused: 5, defenders: [0], saved: false });
    expect(causes(g)).toContainEqual({ seat: 5, cause: 'punishment' });
  });
  it('New Moon: Punishment — two vouchers save the accused (004)', () => {
    const g = play([0, 6]);
    expect(eventsOf(g, 'defence')[0]).toMatchObject({ accused: 5, defenders: [0, 6], saved: true });
    expect(g.state.seats[5]!.alive).toBe(true);
  });
  it('New Moon: Punishment — the dead names, the living vouch (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', moon('punishment')), ['werewolf', 'werewolf']);
    run(g, (d) => (d.kind === 'pack' ? 3 : d.kind === 'punish' ? 5 : undefined), { until: before('defend') });
    expect(g.pending().map((d) => d.seat)).toEqual([0, 1, 2, 4, 6, 7]);
    expect(g.state.seats[3]!.alive).toBe(false);
  });
});

describe('New Moon: Great Distrust (004)', () => {
  it('New Moon: Great Distrust — each names two best friends; whoever nobody names is eliminated (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,idiot,villager=4', moon('great-distrust')), ['werewolf', 'werewolf', 'villager', 'villager', 'idiot', 'villager']);
    run(
      g,
      (d) => {
        if (d.kind === 'pack') return 3;
        if (d.kind === 'friends') return { kind: 'friends', friends: d.seat === 0 ? [1, 2] : d.seat === 1 ? [0, 2] : [0, 1] };
        return undefined;
      },
      { until: (gg) => gg.state.night === 2 || gg.over },
    );
    const f = eventsOf(g, 'friends')[0]!;
    expect(f.votes.every((v) => v.friends.length === 2)).toBe(true);
    expect(eventsOf(g, 'verdict').map((e) => [e.target, e.reason])).toEqual([
      [4, 'friendless'],
      [5, 'friendless'],
      [6, 'friendless'],
      [7, 'friendless'],
    ]);
    expect(eventsOf(g, 'idiot-revealed')[0]).toMatchObject({ seat: 4 }); // the Idiot survives his judgement
    expect(causes(g).filter((c) => c.cause === 'vote').map((c) => c.seat)).toEqual([5, 6, 7]);
  });
});

describe('New Moon: Pact with the Devil (004)', () => {
  const play = (accept: boolean, mix = 'werewolf=2,seer,villager=5', seats: (Role | undefined)[] = ['werewolf', 'werewolf']) =>
    run(dealt(setupOf(mix, moon('pact-with-the-devil')), seats), (d) => {
      if (d.kind === 'pack') return 3;
      if (d.kind === 'vote') return d.seat === 5 ? 6 : 5;
      if (d.kind === 'pact') return { kind: 'pact', accept };
      return undefined;
    }, { until: (gg) => gg.state.night === 2 });
  it('New Moon: Pact with the Devil — the convicted may make the pact and is not hanged; the mark is in the outcome (004)', () => {
    const g = play(true);
    expect(eventsOf(g, 'pact')[0]).toMatchObject({ seat: 5, accepted: true, vis: ALL });
    expect(g.state.seats[5]).toMatchObject({ alive: true, pact: true });
    run(g);
    expect(g.outcome()!.seats[5]!.pact).toBe(true);
    // (the random play that follows may make more pacts: each is marked)
    expect(g.outcome()!.seats.filter((s) => s.pact).map((s) => s.seat)).toEqual(
      [...new Set(eventsOf(g, 'pact').filter((e) => e.accepted).map((e) => e.seat))].sort((a, b) => a - b),
    );
  });
  it('New Moon: Pact with the Devil — refused, he is hanged (004)', () => {
    const g = play(false);
    expect(causes(g)).toContainEqual({ seat: 5, cause: 'vote' });
  });
  it('New Moon: Pact with the Devil — an Idiot voted out is revealed and needs no pact (004)', () => {
    const g = play(true, 'werewolf=2,seer,idiot,villager=4', ['werewolf', 'werewolf', undefined, undefined, undefined, 'idiot']);
    expect(eventsOf(g, 'pact')).toHaveLength(0);
    expect(eventsOf(g, 'idiot-revealed')[0]).toMatchObject({ seat: 5 });
  });
});
