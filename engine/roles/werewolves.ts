// Werewolves: each night the pack wakes, recognises itself and picks one victim
// together; if they cannot agree in the time given, nobody dies (001, 002).
//
// The protocol, usable by bots and LLMs alike: up to `packRounds` rounds in which every
// living wolf proposes a victim at once (or none, where packMayAbstain), with words for
// the pack if it likes (the night chat); the proposals and words are shown to the pack
// after each round; the first unanimous round decides. A round
// names a leader (the lowest living wolf seat) whose last proposal the others may
// follow, so a pack converges in two rounds whenever its members defer to him.
//
// Whom they may name is the option packTargets: non-wolves; anyone (000: a werewolf
// picked by the others dies); self-or-non-wolves (001: a wolf may offer itself, to bait
// the witch's potion, and the others may then agree to it, but may not name a packmate).
// 001: a wolf may not name its lover (loversMayKillEachOther=false).
//
// Harvest Festival (004): "the werewolves may eat only a player next to them": the
// victim must be a living neighbour of one of the pack's (flow/circle.ts), and the
// Little Girl peeks in the witch's turn instead (witch.ts). New Moon, Gone Hunting: the
// men are away until dawn; a werewolf who is a man does not wake with the pack, and a
// man cannot be eaten (no wolf awake: nobody dies).

import type { AnswerOf, Decision, PackDecision, Proposal } from '../decisions.js';
import { maskOf, only } from '../events.js';
import type { Flow } from '../flow/ask.js';
import { neighbours } from '../flow/circle.js';
import { protectedLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { livingWolves } from '../state.js';
import { littleGirlAwake, littleGirlPeeks } from './little-girl.js';

/** Everyone the pack may reach tonight, as a bitmask (-1: anyone). */
function packReach(g: Game, wolves: readonly number[]): number {
  const s = g.state;
  let reach = -1;
  if (g.setup.options.harvestFestival) {
    reach = 0;
    for (const w of wolves) for (const n of neighbours(s, w)) reach |= 1 << n;
  }
  if (s.moon !== null) reach &= ~s.moon.away;
  return reach;
}

/**
 * Whom `wolf` may name (wolf -1: the list every wolf shares when no lover or self rule
 * applies). `offered`: the wolves who named themselves in the last round (selfOffers),
 * whom self-or-non-wolves lets the others name too.
 */
function packTargets(g: Game, wolf: number, offered: number, reach: number): number[] {
  const s = g.state;
  const rule = g.setup.options.packTargets;
  const lover = wolf < 0 ? -1 : protectedLover(g, wolf);
  // The werewolves this wolf may name, as a bitmask: under self-or-non-wolves, himself and those who offered themselves.
  const wolvesNamed = rule === 'anyone' ? -1 : rule === 'self-or-non-wolves' ? offered | (wolf < 0 ? 0 : 1 << wolf) : 0;
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) {
    const st = s.seats[i]!;
    if (!st.alive || i === lover || (reach & (1 << i)) === 0) continue;
    if (st.role !== 'werewolf' || (wolvesNamed & (1 << i)) !== 0) out.push(i);
  }
  return out;
}

/** No wolf of the pack has a lover he may not name (protectedLover). */
function noLoverProtected(g: Game, wolves: readonly number[]): boolean {
  for (const w of wolves) if (protectedLover(g, w) >= 0) return false;
  return true;
}

/** Every proposal names the same victim (or every wolf names none). */
function unanimous(proposals: readonly Proposal[]): boolean {
  const first = proposals[0]!.target;
  for (let i = 1; i < proposals.length; i++) if (proposals[i]!.target !== first) return false;
  return true;
}

/** 001: the wolves who named themselves in a round's proposals, as a bitmask (the others may then agree to it). */
function selfOffers(proposals: readonly Proposal[]): number {
  let m = 0;
  for (const p of proposals) if (p.target === p.voter) m |= 1 << p.voter;
  return m;
}

export function* packStep(g: Game): Flow {
  const s = g.state;
  const o = g.setup.options;
  let wolves = livingWolves(s);
  if (s.moon !== null && s.moon.away !== 0) wolves = wolves.filter((w) => (s.moon!.away & (1 << w)) === 0);
  if (wolves.length === 0) return;
  const vis = maskOf(wolves);
  g.emit({ type: 'pack', wolves, vis });
  const reach = packReach(g, wolves);
  const girl = o.harvestFestival ? -1 : littleGirlAwake(g);
  let peeked = false;
  let victim = -1;
  let agreed = false;
  let previous: Proposal[] = [];
  // Most nights every wolf may name the same players in every round: one list for all.
  const shared = o.packTargets !== 'self-or-non-wolves' && noLoverProtected(g, wolves) ? packTargets(g, -1, 0, reach) : null;
  for (let round = 1; round <= o.packRounds; round++) {
    const ds: Decision[] = [];
    const offered = shared === null ? selfOffers(previous) : 0;
    let blocked = false;
    for (const w of wolves) {
      const d: PackDecision = {
        kind: 'pack',
        id: g.id(),
        seat: w,
        targets: shared ?? packTargets(g, w, offered, reach),
        mayPass: o.packMayAbstain,
        round,
        rounds: o.packRounds,
        leader: wolves[0]!,
        previous,
      };
      ds.push(d);
      // A wolf with nobody to name (and no right to abstain) blocks any agreement.
      if (d.targets.length === 0 && !o.packMayAbstain) blocked = true;
    }
    if (blocked) break;
    if (round === 1 && girl >= 0) ds.push({ kind: 'peek', id: g.id(), seat: girl });
    const answers = yield ds;
    if (round === 1 && girl >= 0) peeked = (answers[wolves.length] as { peek: boolean }).peek;
    const proposals: Proposal[] = [];
    for (let i = 0; i < wolves.length; i++) {
      const a = answers[i] as AnswerOf<'pack'>;
      proposals.push(a.say === undefined ? { voter: wolves[i]!, target: a.target } : { voter: wolves[i]!, target: a.target, say: a.say });
    }
    g.emit({ type: 'pack-proposals', round, proposals, vis });
    if (unanimous(proposals)) {
      victim = proposals[0]!.target ?? -1;
      agreed = true;
      break;
    }
    previous = proposals;
  }
  g.emit({ type: 'pack-victim', target: victim < 0 ? null : victim, agreed, vis });
  // 000: "they can eventually decide not to open their eyes and not to select a victim to
  // reduce the chance of being spied on": a pack that agrees on no victim kept its eyes
  // closed, so she saw nothing and could not be caught.
  if (peeked && agreed && victim < 0) g.emit({ type: 'peek-dark', seat: girl, vis: only(girl) });
  else if (peeked) victim = yield* littleGirlPeeks(g, girl, wolves, vis, victim);
  s.tonight.attack = victim;
  // 000: "If no werewolves open their eyes, they die of hunger and the villagers win."
  if (agreed && victim < 0 && o.packStarves) s.tonight.starved = wolves;
}
