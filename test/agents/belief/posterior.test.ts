// The belief agent's posterior over where the werewolf cards lie, checked exactly on
// hand-made records: every placement enumerated once, each public act weighed by the
// model's likelihoods, a seat's own knowledge keeping only the placements it allows.

import { describe, expect, it } from 'vitest';
import { BeliefRecords } from '../../../agents/belief/agent.js';
import { DEFAULT_PARAMS, parseBelief, type BeliefParams } from '../../../agents/belief/params.js';
import { bitCount, placements, PublicPosterior, seatPosterior, type SeatKnowledge } from '../../../agents/belief/posterior.js';
import { PublicRecord, SUSPECT, TRUST, type InformedClaim } from '../../../agents/heuristic/public.js';
import { ALL, type Event, type Role } from '../../../engine/index.js';
import { plainPosterior, publicAllowed } from '../../helpers/belief.js';

function deck(wolves: number, players: number, extra: Role[] = []): Role[] {
  return [...Array<Role>(wolves).fill('werewolf'), ...extra, ...Array<Role>(players - wolves - extra.length).fill('villager')];
}

function claim(seat: number, role: 'seer' | 'little-girl', reports: InformedClaim['reports'] = []): InformedClaim {
  return { seat, role, order: 0, day: 1, accusedFirst: false, reports: [...reports], liar: false, proven: false, confirmed: 0 };
}

function paramsOf(text: string): BeliefParams {
  const r = parseBelief(text);
  if (!r.ok) throw new Error(r.error);
  return r.value.params;
}

const nobody = (n: number): SeatKnowledge => ({ known: new Int8Array(n), spareWolves: -1, falseClaimants: [] });

function posteriorOf(rec: PublicRecord, cards: Role[], k: SeatKnowledge, params: BeliefParams = DEFAULT_PARAMS): Float64Array {
  let wolves = 0;
  for (const r of cards) if (r === 'werewolf') wolves++;
  const post = new PublicPosterior(rec, placements(cards.length, wolves)!, cards, params);
  post.sync();
  const p = new Float64Array(rec.n);
  expect(seatPosterior(post, k, p)).toBe(true);
  return p;
}

describe('placements of the werewolf cards', () => {
  it.each([
    [8, 2, 28],
    [10, 2, 45],
    [12, 3, 220],
    [17, 4, 2380],
  ])('%i positions, %i werewolves: %i placements, each once', (positions, wolves, count) => {
    const m = placements(positions, wolves)!;
    expect(m.length).toBe(count);
    expect(new Set(m).size).toBe(count);
    for (const x of m) expect(bitCount(x)).toBe(wolves);
    for (const x of m) expect(x >>> positions).toBe(0);
  });

  it('beyond the limit there are none (the agent plays on the heuristic view)', () => {
    expect(placements(30, 7)).toBeNull();
  });
});

describe('the posterior', () => {
  it('with no act, every seat holds a werewolf card with the same probability', () => {
    const p = posteriorOf(new PublicRecord(8), deck(2, 8), nobody(8));
    for (const x of p) expect(x).toBeCloseTo(2 / 8, 12);
  });

  it('a ballot weighs each placement by how likely that pick is from the voter it makes innocent or a werewolf, exactly', () => {
    const rec = new PublicRecord(4);
    rec.casts.push({ voter: 0, target: 1, day: 1, round: 0, share: 0.5 });
    const p = posteriorOf(rec, deck(1, 4), nobody(4));
    const { voteAim: aim, herd } = DEFAULT_PARAMS;
    const weight = 1 - herd * 0.5;
    // The voter picks among seats 1-3. Innocent voter, werewolf target: aim / (aim + 2);
    // innocent voter and target, the werewolf among the others: 1 / (aim + 2); the voter the
    // werewolf: 1 / 3 (no packmate to spare).
    const hit = Math.pow(aim / (aim + 2), weight);
    const miss = Math.pow(1 / (aim + 2), weight);
    const wolf = Math.pow(1 / 3, weight);
    const total = hit + 2 * miss + wolf;
    expect(p[1]).toBeCloseTo(hit / total, 12);
    expect(p[0]).toBeCloseTo(wolf / total, 12);
    expect(p[2]).toBeCloseTo(miss / total, 12);
  });

  // The public view is made once per state and copied to every seat that asks: it must be
  // seatPosterior's of the record's knowledge as it is now. Mutation that fails here: the
  // kept one handed out while the weights are unchanged but a card became public.
  it("the public posterior, kept for the seats that share it, is the record's knowledge read afresh, exactly, after the weights or the knowledge change", () => {
    const rec = new PublicRecord(6);
    rec.day = 1;
    rec.said.push({ speaker: 0, kind: SUSPECT, target: 2, day: 1 });
    const post = new PublicPosterior(rec, placements(6, 2)!, deck(2, 6), DEFAULT_PARAMS);
    const fresh = () => {
      const p = new Float64Array(6);
      expect(seatPosterior(post, { known: rec.known, spareWolves: -1, falseClaimants: [] }, p)).toBe(true);
      return Array.from(p);
    };
    const kept = () => {
      const p = new Float64Array(6);
      expect(post.publicPosterior(p)).toBe(true);
      return Array.from(p);
    };
    post.sync();
    const first = kept();
    expect(first).toEqual(fresh());
    rec.known[3] = -1;
    expect(kept()).toEqual(fresh());
    expect(kept()).not.toEqual(first);
    rec.casts.push({ voter: 4, target: 5, day: 1, round: 1, share: 1 });
    post.sync();
    expect(kept()).toEqual(fresh());
  });

  // The picks' tables are kept per game by the candidates' number and the two factors: two
  // picks alike but for the werewolf's factor must each be weighed with its own. Mutation
  // that fails here: the table found by the innocent's factor alone.
  it("a suspicion and a trust by one speaker, alike but for a werewolf's factor (voteAim 1), each weighed with its own, exactly", () => {
    const params = paramsOf('voteAim=1,voteMate=0.2,vouchMate=3');
    const rec = new PublicRecord(5);
    rec.day = 1;
    rec.said.push({ speaker: 0, kind: SUSPECT, target: 1, day: 1 }, { speaker: 0, kind: TRUST, target: 2, day: 1 });
    const p = posteriorOf(rec, deck(2, 5), nobody(5), params);
    // Each pick among seats 1-4: ln(factor if the target is a werewolf) − ln Z, Z = factor · k + (4 − k).
    const pick = (m: number, target: number, upWolf: number) => {
      const aWolf = (m & 1) === 1;
      const up = aWolf ? upWolf : 1;
      const k = bitCount(m & 0b11110);
      return ((m >>> target) & 1) === 1 ? Math.log(up) - Math.log(up * k + 4 - k) : -Math.log(up * k + 4 - k);
    };
    const mass = new Array<number>(5).fill(0);
    let total = 0;
    for (const m of placements(5, 2)!) {
      const w = Math.exp(params.talk * pick(m, 1, params.voteMate) + params.talk * pick(m, 2, params.vouchMate));
      total += w;
      for (let s = 0; s < 5; s++) if (((m >>> s) & 1) === 1) mass[s]! += w;
    }
    for (let s = 0; s < 5; s++) expect(p[s]).toBeCloseTo(mass[s]! / total, 12);
  });

  it("a night death: the pack spares its own and picks an innocent who accused one of them more often, exactly", () => {
    const rec = new PublicRecord(4);
    rec.day = 1;
    rec.said.push({ speaker: 2, kind: 0, target: 3, day: 1 });
    rec.apply({ type: 'day', day: 2, vis: ALL } as Event);
    rec.apply({ type: 'death', seat: 2, role: 'villager', cause: 'wolves', vis: ALL } as Event);
    const p = posteriorOf(rec, deck(1, 4), nobody(4));
    const { silence, talk, voteAim: aim } = DEFAULT_PARAMS;
    // Seat 2's suspicion of seat 3 (aim over 3 candidates), then its death: if seat 3 is the
    // werewolf, seat 2 accused him, silence / (silence + 2); else 1 / 3 over the innocents.
    const said3 = Math.pow(aim / (aim + 2), talk);
    const saidOther = Math.pow(1 / (aim + 2), talk);
    const w3 = said3 * (silence / (silence + 2));
    const w01 = saidOther * (1 / 3);
    // Seat 2's card is shown: the placement making him the werewolf is dropped.
    const total = w3 + 2 * w01;
    expect(p[3]).toBeCloseTo(w3 / total, 12);
    expect(p[0]).toBeCloseTo(w01 / total, 12);
  });

  it("the pack's kill, weighed before it is made: killing its accuser raises the public's belief in it, another lowers it, exactly", () => {
    const rec = new PublicRecord(4);
    rec.day = 1;
    rec.said.push({ speaker: 2, kind: 0, target: 3, day: 1 });
    const post = new PublicPosterior(rec, placements(4, 1)!, deck(1, 4), DEFAULT_PARAMS);
    post.sync();
    const { silence, talk, voteAim: aim, slip } = DEFAULT_PARAMS;
    // Weights after seat 2's suspicion of seat 3 (as in the test above), by where the werewolf is.
    const w = [Math.pow(1 / (aim + 2), talk), Math.pow(1 / (aim + 2), talk), Math.pow(1 / 3, talk), Math.pow(aim / (aim + 2), talk)];
    const lift = (likelihood: number[]) => Math.log(likelihood[3]!) - Math.log(w.reduce((a, x, i) => a + x * likelihood[i]!, 0) / w.reduce((a, x) => a + x, 0));
    const pack = 1 << 3;
    // Killing seat 2, who accused the werewolf 3: silence / (silence + 2) if 3 is the werewolf.
    const accuser = lift([1 / 3, 1 / 3, slip, silence / (silence + 2)]);
    expect(post.killLift(2, pack)).toBeCloseTo(accuser, 12);
    expect(accuser).toBeGreaterThan(0);
    // Killing seat 1, who accused no one: 1 / (silence + 2) if 3 is the werewolf.
    const quiet = lift([1 / 3, slip, 1 / 3, 1 / (silence + 2)]);
    expect(post.killLift(1, pack)).toBeCloseTo(quiet, 12);
    expect(quiet).toBeLessThan(0);
    // Nothing was changed by asking.
    expect(Array.from(post.weights())).toEqual(w.map((x) => expect.closeTo(x / w[3]!, 12)));
  });

  // The posterior drops for good the placements the public knowledge rules out, and a seat's
  // posterior reads those left: it must be the pass over the placements the public allows,
  // listed afresh from all of them (test/helpers/belief.ts), number for number, as knowledge
  // and weights change between the asks. A card shown otherwise than known leaves none.
  // Mutations that fail here: the placements not dropped when a card is shown, dropped by
  // the werewolves shown alone, the weights kept from before a drop.
  it("a seat's posterior is the pass over the placements the public knowledge allows, exactly, as they are dropped", () => {
    const n = 10;
    const rec = new PublicRecord(n);
    rec.day = 1;
    rec.said.push({ speaker: 0, kind: SUSPECT, target: 2, day: 1 }, { speaker: 5, kind: TRUST, target: 7, day: 1 });
    const post = new PublicPosterior(rec, placements(n, 3)!, deck(3, n), DEFAULT_PARAMS);
    const asked = (k: SeatKnowledge): number[] | null => {
      const p = new Float64Array(n);
      return seatPosterior(post, k, p) ? Array.from(p) : null;
    };
    const seat = (extra: Record<number, 1 | -1>): SeatKnowledge => {
      const known = Int8Array.from(rec.known);
      for (const [s, v] of Object.entries(extra)) known[Number(s)] = v;
      return { known, spareWolves: -1, falseClaimants: [] };
    };
    const check = () => {
      expect(Array.from(post.masks.subarray(0, post.size))).toEqual(publicAllowed(post));
      // The public's own knowledge, seats knowing more, and one not knowing a public card.
      const less = seat({});
      less.known[3] = 0;
      for (const k of [seat({}), seat({ 4: -1, 6: 1 }), seat({ 1: -1 }), less]) expect(asked(k)).toEqual(plainPosterior(post, k.known));
      // One whose knowledge contradicts the public's (a card it saw otherwise): no placement is left for it.
      if (rec.known[3] !== 0) expect(asked(seat({ 3: -rec.known[3]! as 1 | -1 }))).toBeNull();
    };
    post.sync();
    check();
    expect(post.size).toBe(120);
    rec.known[3] = -1;
    post.sync();
    check();
    expect(post.size).toBe(84);
    rec.known[9] = -1;
    check();
    rec.casts.push({ voter: 4, target: 5, day: 1, round: 1, share: 0.5 });
    post.sync();
    check();
    rec.known[8] = 1;
    rec.said.push({ speaker: 1, kind: SUSPECT, target: 6, day: 1 });
    post.sync();
    check();
    expect(post.size).toBe(21);
    // A card shown otherwise than known (the Harvest witch's potion turns one): no posterior, the heuristic plays.
    rec.known[3] = 1;
    post.sync();
    expect(post.size).toBe(0);
    expect(asked(seat({}))).toBeNull();
    expect(post.publicPosterior(new Float64Array(n))).toBe(false);
    const lifts = new Float64Array(n).fill(1);
    post.killLifts((1 << 3) | (1 << 8) | 1, lifts);
    expect(Array.from(lifts)).toEqual(new Array<number>(n).fill(0));
  });

  // The public's belief in the pack weighs only the placements it allows: a kill's lift is
  // the kill's likelihood under the pack less its mean over those. Mutation that fails
  // here: the mean over every placement, the one making the dead villager a werewolf too.
  it("a kill's lift reads only the placements the public allows: a villager's shown card rules out his, exactly", () => {
    const rec = new PublicRecord(5);
    rec.day = 1;
    rec.said.push({ speaker: 2, kind: SUSPECT, target: 3, day: 1 });
    rec.apply({ type: 'day', day: 2, vis: ALL } as Event);
    rec.apply({ type: 'death', seat: 0, role: 'villager', cause: 'vote', vis: ALL } as Event);
    const post = new PublicPosterior(rec, placements(5, 1)!, deck(1, 5), DEFAULT_PARAMS);
    post.sync();
    const { silence, talk, voteAim: aim, slip } = DEFAULT_PARAMS;
    // Seat 2's suspicion of seat 3 is read after seat 0's death: a pick among seats 1, 3, 4.
    // Weights by where the werewolf is, seats 1-4 (seat 0 is no werewolf): 2 picked an
    // innocent, 2 is the werewolf, 2 picked him, 2 picked an innocent.
    const w = [0, Math.pow(1 / (aim + 2), talk), Math.pow(1 / 3, talk), Math.pow(aim / (aim + 2), talk), Math.pow(1 / (aim + 2), talk)];
    // Killing seat 2 tonight, among the living 1-4: slip if 2 is the werewolf; silence / (silence + 2) if 3 is (2 accused him); else 1 / 3.
    const likelihood = [0, 1 / 3, slip, silence / (silence + 2), 1 / 3];
    const mean = w.reduce((a, x, i) => a + x * likelihood[i]!, 0) / w.reduce((a, x) => a + x, 0);
    expect(post.killLift(2, 1 << 3)).toBeCloseTo(Math.log(likelihood[3]!) - Math.log(mean), 12);
    const all = new Float64Array(5);
    post.killLifts(1 << 3, all);
    expect(all[2]).toBeCloseTo(Math.log(likelihood[3]!) - Math.log(mean), 12);
  });

  // killLifts shares each placement's work between the victims; it must give each victim
  // exactly killLift's number. Accusers of every kind, a dead seat and several
  // placements' normalizers (z) per table. Mutations that fail here: the victim's own
  // term left out of z, a packmate's likelihood read as an innocent's, the silent and
  // plain cases swapped, a memo keyed on the wrong normalizer.
  it.each([
    [10, 3, DEFAULT_PARAMS],
    [12, 3, paramsOf('silence=2.7,slip=0.13')],
    [9, 2, paramsOf('silence=1')],
  ] as const)("every victim's kill lift at once, %i seats and %i werewolves: each exactly as asked alone", (n, wolves, params) => {
    const rec = new PublicRecord(n);
    rec.day = 2;
    for (let s = 0; s < n; s++) if (s % 3 === 1) rec.said.push({ speaker: s, kind: 0, target: (s + 4) % n, day: 1 });
    rec.said.push({ speaker: 2, kind: 2, target: 5, day: 1 });
    for (let s = 0; s < n; s += 2) rec.casts.push({ voter: s, target: (s * 5 + 1) % n === s ? (s + 1) % n : (s * 5 + 1) % n, day: 1, round: 1, share: 0.5 });
    rec.alive[n - 1] = 0;
    const post = new PublicPosterior(rec, placements(n, wolves)!, deck(wolves, n), params);
    post.sync();
    for (const pack of [0b111 & ((1 << wolves) - 1), (1 << 1) | (1 << 4) | (wolves === 3 ? 1 << 6 : 0), (1 << (n - 2)) | 1 | (wolves === 3 ? 1 << 3 : 0)]) {
      const all = new Float64Array(n);
      post.killLifts(pack, all);
      for (let x = 0; x < n; x++) {
        const alone = rec.alive[x] === 1 && ((pack >>> x) & 1) === 0 ? post.killLift(x, pack) : 0;
        expect(Object.is(all[x], alone), `seat ${x}, pack ${pack.toString(2)}: ${all[x]} against ${alone}`).toBe(true);
      }
    }
  });

  // A pick (a ballot, a suspicion, an intent, a vouch) is weighed by how many werewolves the
  // placement puts among the seats the picker could pick, counted from each placement's
  // werewolves among the living: it must be the count over the candidates themselves, for a
  // pick of a seat dead since and a pick of oneself too. The log-weights are rebuilt here from
  // the model's formula, term by term in the order the posterior reads the acts. Mutations
  // that fail here: a dead pick not counted back in, a pick of oneself counted as a dead
  // seat's, the living counts kept after a death.
  it("each pick's log-weight is the model's, exactly, with the candidates counted among the living", () => {
    const n = 9;
    const wolves = 3;
    const rec = new PublicRecord(n);
    rec.day = 1;
    const post = new PublicPosterior(rec, placements(n, wolves)!, deck(wolves, n), DEFAULT_PARAMS);
    const p = DEFAULT_PARAMS;
    const ref = new Float64Array(post.masks.length);
    const bits = (x: number) => {
      let k = 0;
      for (let y = x; y !== 0; y &= y - 1) k++;
      return k;
    };
    const living = () => {
      let m = 0;
      for (let s = 0; s < n; s++) if (rec.alive[s] === 1) m |= 1 << s;
      return m;
    };
    const pick = (a: number, b: number, weight: number, upInnocent: number, upWolf: number) => {
      const cand = (living() | (1 << b)) & ~(1 << a);
      const size = bits(cand);
      post.masks.forEach((m, i) => {
        const k = bits(m & cand);
        const aWolf = ((m >>> a) & 1) === 1;
        const up = aWolf ? upWolf : upInnocent;
        const lnZ = Math.log(up * k + Math.max(size - k, 0) || 1);
        ref[i]! += weight * ((((m >>> b) & 1) === 1 ? Math.log(up) : 0) - lnZ);
      });
    };
    const said = (speaker: number, kind: number, target: number) => {
      rec.said.push({ speaker, kind: kind as typeof SUSPECT, target, day: rec.day });
      if (kind === TRUST) pick(speaker, target, p.talk, 1 / p.voteAim, p.vouchMate);
      else pick(speaker, target, p.talk, p.voteAim, p.voteMate);
    };
    said(0, SUSPECT, 4);
    said(1, TRUST, 2);
    post.sync();
    expect(Array.from(post.logW)).toEqual(Array.from(ref));
    // Seats 4 and 6 die; a ballot for one of them, then picks of them, by one, and of oneself.
    rec.alive[4] = 0;
    rec.alive[6] = 0;
    rec.casts.push({ voter: 7, target: 6, day: 1, round: 1, share: 0.5 });
    pick(7, 6, 1 - p.herd * 0.5, p.voteAim, p.voteMate);
    post.sync();
    expect(Array.from(post.logW)).toEqual(Array.from(ref));
    said(2, SUSPECT, 4);
    said(3, SUSPECT, 3);
    said(5, TRUST, 6);
    said(4, SUSPECT, 4);
    post.sync();
    expect(Array.from(post.logW)).toEqual(Array.from(ref));
  });

  // The pack's kill lifts are made once for the whole pack (its werewolves weigh each victim
  // alike) and kept in the game's belief records until the night, the record, the posterior
  // or the pack changes: each time they must be killLifts' of the pack now. Mutations that
  // fail here: the lifts kept after an act the posterior read, or for another pack.
  it("the pack's kill lifts, kept for the pack, are killLifts' of the pack now", () => {
    const n = 9;
    const rec = new PublicRecord(n);
    rec.day = 1;
    rec.said.push({ speaker: 0, kind: SUSPECT, target: 2, day: 1 }, { speaker: 3, kind: SUSPECT, target: 7, day: 1 });
    const parsed = parseBelief('');
    if (!parsed.ok) throw new Error(parsed.error);
    const records = new BeliefRecords();
    const cards = deck(2, n);
    const post = records.posterior(rec, cards, parsed.value)!;
    const fresh = (pack: number) => {
      const out = new Float64Array(n);
      post.killLifts(pack, out);
      return Array.from(out);
    };
    const kept = (pack: number, night: number) => Array.from(records.packLifts(post, pack, night, rec.version).values);
    post.sync();
    expect(kept(0b11, 1)).toEqual(fresh(0b11));
    rec.casts.push({ voter: 4, target: 0, day: 1, round: 1, share: 0.5 });
    post.sync();
    expect(kept(0b11, 1)).toEqual(fresh(0b11));
    expect(kept(0b101000, 1)).toEqual(fresh(0b101000));
    expect(kept(0b11, 1)).not.toEqual(kept(0b101000, 1));
  });

  it.each([
    ['a packmate, breaking his word', 1, 1, 'lowers'],
    ['an innocent, breaking his word', 3, 1, 'raises'],
    ['an innocent, breaking his word, read as a werewolf breaks it 4 times as often', 3, 4, 'raises'],
    ['the innocent he announced', 2, 4, 'raises'],
  ])("a werewolf's ballot for %s, weighed before it is cast, moves the public's belief in the pack as casting it then does", (_what, target, turn, way) => {
    const rec = new PublicRecord(6);
    rec.day = 1;
    rec.said.push({ speaker: 4, kind: 0, target: 0, day: 1 }, { speaker: 0, kind: 2, target: 2, day: 1 });
    const params = { ...DEFAULT_PARAMS, turn };
    const post = new PublicPosterior(rec, placements(6, 2)!, deck(2, 6), params);
    post.sync();
    const pack = (1 << 0) | (1 << 1);
    const belief = () => {
      const w = post.weights();
      const i = post.masks.indexOf(pack);
      return w[i]! / w.reduce((a, x) => a + x, 0);
    };
    const share = 0.4;
    const before = belief();
    const lift = post.ballotLift(0, target, 1 - params.herd * share, pack);
    rec.casts.push({ voter: 0, target, day: 1, round: 1, share });
    post.sync();
    expect(Math.log(belief() / before)).toBeCloseTo(lift, 12);
    // voteMate < 1: the reader expects a werewolf to spare his packmates.
    if (way === 'lowers') expect(lift).toBeLessThan(0);
    else expect(lift).toBeGreaterThan(0);
  });

  it.each([
    ['the first claimant', [] as number[], 1],
    ['a counter-claimant against the real Seer', [3], 1],
    ['a packmate claiming again', [1], 1],
    ['the suspected packmate', [], 0],
  ])("a packmate's Seer claim, weighed before it is made, moves the public's belief in the pack as making it then does: %s", (_what, before, seat) => {
    const rec = new PublicRecord(6);
    rec.day = 1;
    // Seat 4 suspects seat 0 (a packmate): the public thinks him likelier a werewolf than seat 1.
    rec.said.push({ speaker: 4, kind: 0, target: 0, day: 1 });
    for (const s of before) rec.informed.push(claim(s, 'seer'));
    const post = new PublicPosterior(rec, placements(6, 2)!, deck(2, 6, ['seer']), DEFAULT_PARAMS);
    post.sync();
    const pack = (1 << 0) | (1 << 1);
    const belief = () => {
      const w = post.weights();
      return w[post.masks.indexOf(pack)]! / w.reduce((a, x) => a + x, 0);
    };
    const was = belief();
    const lift = post.claimLift(seat, 'seer', pack);
    rec.informed.push(claim(seat, 'seer'));
    post.sync();
    expect(Math.log(belief() / was)).toBeCloseTo(lift, 12);
  });

  it("the packmate the public suspects less serves the pack better as its fake Seer", () => {
    const rec = new PublicRecord(6);
    rec.day = 1;
    rec.said.push({ speaker: 4, kind: 0, target: 0, day: 1 });
    const post = new PublicPosterior(rec, placements(6, 2)!, deck(2, 6, ['seer']), DEFAULT_PARAMS);
    post.sync();
    const pack = (1 << 0) | (1 << 1);
    // The reader expects a werewolf to fake the Seer rarely (claimWolf): a claim lowers the pack's belief, less so from the suspect.
    expect(post.claimLift(1, 'seer', pack)).toBeLessThan(post.claimLift(0, 'seer', pack));
    expect(post.claimLift(0, 'seer', pack)).toBeLessThan(0);
    // Nothing is changed by weighing.
    expect(post.claimLift(1, 'seer', pack)).toBe(post.claimLift(1, 'seer', pack));
  });

  it('a broken word counts against the voter turn times, exactly; a kept one or a revote not at all', () => {
    const cast = (target: number, round: number, turn: number) => {
      const rec = new PublicRecord(4);
      rec.day = 1;
      rec.said.push({ speaker: 0, kind: 2, target: 1, day: 1 });
      rec.casts.push({ voter: 0, target, day: 1, round, share: 1 });
      return posteriorOf(rec, deck(1, 4), nobody(4), { ...DEFAULT_PARAMS, turn });
    };
    const plain = cast(2, 1, 1);
    const broken = cast(2, 1, 4);
    // Odds that the voter is the werewolf, against seat 3 (neither named): 4 times as high.
    expect(broken[0]! / broken[3]!).toBeCloseTo((4 * plain[0]!) / plain[3]!, 12);
    expect(Array.from(cast(1, 1, 4))).toEqual(Array.from(cast(1, 1, 1)));
    expect(Array.from(cast(2, 2, 4))).toEqual(Array.from(cast(2, 2, 1)));
  });

  it("the real Seer sees a rival claimant as a werewolf, as her knowledge and the model say, exactly", () => {
    const rec = new PublicRecord(6);
    rec.informed.push(claim(0, 'seer'), claim(1, 'seer'));
    const cards = deck(1, 6, ['seer']);
    const { slip, claimReal, claimWolf } = DEFAULT_PARAMS;
    const honest = claimReal / 5;
    // Seat 0 is the Seer: she knows herself innocent and seat 1's claim false.
    const known = new Int8Array(6);
    known[0] = -1;
    const mine = posteriorOf(rec, cards, { known, spareWolves: -1, falseClaimants: [1] });
    const rivalWolf = honest * claimWolf;
    const otherWolf = honest * honest * slip * slip;
    expect(mine[1]).toBeCloseTo(rivalWolf / (rivalWolf + 4 * otherWolf), 12);
    expect(mine[1]).toBeGreaterThan(0.99);
    // A bystander knows only that one of the two lies (or both are innocent by a slip).
    const theirs = posteriorOf(rec, cards, nobody(6));
    const one = honest * claimWolf;
    const neither = honest * honest * slip;
    expect(theirs[0]).toBeCloseTo(one / (2 * one + 4 * neither), 12);
    expect(theirs[0]).toBeCloseTo(theirs[1]!, 12);
  });

  it("a report contradicted by a card turned over makes its claimant a werewolf; a true one clears her", () => {
    const rec = new PublicRecord(6);
    rec.informed.push(claim(0, 'seer', [{ target: 2, wolf: true, role: null }]));
    const cards = deck(1, 6, ['seer']);
    const known = new Int8Array(6);
    known[2] = -1; // seat 2 died a villager
    const lied = posteriorOf(rec, cards, { known, spareWolves: -1, falseClaimants: [] });
    // Claimant a werewolf: claimWolf × accuse; the werewolf elsewhere (4 seats): an honest claim and a false report, a slip.
    const { claimWolf, claimReal, accuse, slip } = DEFAULT_PARAMS;
    const liar = claimWolf * accuse;
    expect(lied[0]).toBeCloseTo(liar / (liar + 4 * (claimReal / 5) * slip), 12);
    expect(lied[0]).toBeGreaterThan(0.5); // likelier a werewolf than not (the prior: 1/6)
    known[2] = 1; // seat 2 died a werewolf
    const told = posteriorOf(rec, cards, { known, spareWolves: -1, falseClaimants: [] });
    expect(told[0]).toBe(0);
  });

  it('a claimant who names his rival claimant a werewolf is read as the likelier liar (accuseRival)', () => {
    const rec = new PublicRecord(8);
    rec.informed.push(claim(0, 'seer'), claim(1, 'seer', [{ target: 0, wolf: true, role: null }]));
    const cards = deck(2, 8, ['seer']);
    const read = posteriorOf(rec, cards, nobody(8));
    const ignored = posteriorOf(rec, cards, nobody(8), { ...DEFAULT_PARAMS, accuseRival: 1 });
    expect(read[1]).toBeGreaterThan(read[0]!);
    expect(read[1]).toBeGreaterThan(ignored[1]!);
    expect(ignored[0]).toBeGreaterThan(ignored[1]!);
  });

  it('clearing a seat lowers it when the claimant is believed', () => {
    const rec = new PublicRecord(8);
    rec.informed.push(claim(0, 'seer', [{ target: 3, wolf: false, role: null }]));
    const p = posteriorOf(rec, deck(2, 8, ['seer']), nobody(8));
    expect(p[3]).toBeLessThan(p[4]!);
  });

  it("the Thief's left-over cards: a seat that knows them keeps only the placements with that many werewolves there", () => {
    const rec = new PublicRecord(6);
    const cards = deck(2, 8, ['thief']);
    const none = posteriorOf(rec, cards, { known: new Int8Array(6), spareWolves: 0, falseClaimants: [] });
    for (const x of none) expect(x).toBeCloseTo(2 / 6, 12);
    const one = posteriorOf(rec, cards, { known: new Int8Array(6), spareWolves: 1, falseClaimants: [] });
    for (const x of one) expect(x).toBeCloseTo(1 / 6, 12);
  });

  it('no placement fits knowledge with more werewolves than the deck holds: no posterior', () => {
    const rec = new PublicRecord(4);
    const post = new PublicPosterior(rec, placements(4, 1)!, deck(1, 4), DEFAULT_PARAMS);
    const known = new Int8Array([1, 1, 0, 0]);
    const p = new Float64Array(4);
    expect(seatPosterior(post, { known, spareWolves: -1, falseClaimants: [] }, p)).toBe(false);
  });
});

describe('belief parameters', () => {
  it('canonical text: own parameters first, then the heuristic knobs, defaults left out', () => {
    const r = parseBelief(`fakeClaim=1, voteAim=1.5,slip=${DEFAULT_PARAMS.slip}`);
    expect(r.ok && r.value.text).toBe('voteAim=1.5,fakeClaim=1');
    expect(r.ok && r.value.knobs.fakeClaim).toBe(1);
    // The belief agent's own knob default (fakeClaim 0.87) is left out; the heuristic's (0.3) is not.
    const own = parseBelief('fakeClaim=0.87');
    expect(own.ok && own.value.text).toBe('');
    const heuristics = parseBelief('fakeClaim=0.3');
    expect(heuristics.ok && heuristics.value.text).toBe('fakeClaim=0.3');
  });

  it('a parameter of play may be 0 (turned off); one of the model may not (its likelihoods take logs)', () => {
    const r = parseBelief('deceive=0,distance=0');
    expect(r.ok && r.value.params.deceive).toBe(0);
    expect(r.ok && r.value.params.distance).toBe(0);
  });

  it.each([
    ['voteAim=0', /above 0/],
    ['accuse=2', /at most 1/],
    ['voteAm=2', /unknown belief parameter 'voteAm'.*voteAim/],
    ['voteAim', /name=value/],
    ['trust=3', /knob trust takes a number from 0 to 1/],
    ['distance=-1', /distance takes a number from 0 and at most 1/],
  ])("'%s' is refused, saying why", (arg, message) => {
    const r = parseBelief(arg);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});
