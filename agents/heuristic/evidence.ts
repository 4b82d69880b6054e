// Public evidence from revealed cards. When a card is turned over, what everyone said
// and voted about that player (and what that player said and voted) becomes evidence
// about the others, added to their log-odds of being a werewolf (`PublicRecord.llr`):
// werewolves push villagers out, defend and vote with their packmates, and kill at
// night the players who were on to them. The weights are small and add up over days;
// they are the heuristic's, tuned by the strength figures (docs/heuristic.md).

import { MAX_PLAYERS } from '../../engine/index.js';
import { INTENT, SUSPECT, TRUST, type PublicRecord } from './public.js';

/** Voted against a player who turned out to be a werewolf / a villager. */
const VOTED_WOLF = -0.5;
const VOTED_VILLAGER = 0.35;
/** Voted against someone a revealed werewolf voted against (the pack votes together). */
const VOTED_WITH_WOLF = 0.3;
/** Targets a revealed werewolf voted against or accused: likely villagers. */
const WOLF_VOTED_FOR = -0.4;
const WOLF_ACCUSED = -0.4;
/** Players a revealed werewolf defended: likely packmates. */
const WOLF_TRUSTED = 0.8;
/** Accused a revealed werewolf / villager in the day talk. */
const ACCUSED_WOLF = -0.4;
const ACCUSED_VILLAGER = 0.25;
/** Defended a revealed werewolf / villager. */
const TRUSTED_WOLF = 0.7;
const TRUSTED_VILLAGER = -0.15;
/** Whom a villager killed at night had accused: the pack silenced an accuser. */
const SILENCED_ACCUSED = 0.3;

// Scratch flags per seat (one call at a time: agents run in one thread, and a call does not nest).
const ACCUSED = new Uint8Array(MAX_PLAYERS);
const TRUSTED = new Uint8Array(MAX_PLAYERS);
const THEY_ACCUSED = new Uint8Array(MAX_PLAYERS);
const THEY_TRUSTED = new Uint8Array(MAX_PLAYERS);
const SPEAKERS = new Uint8Array(MAX_PLAYERS);

export function revealEvidence(b: PublicRecord, seat: number, wolf: boolean, atNight: boolean): void {
  const llr = b.llr;
  const casts = b.casts;
  for (let i = 0; i < casts.length; i++) {
    const c = casts[i]!;
    // Voting with the crowd says little; the weight is the share of the round that voted otherwise.
    const apart = 1 - c.share;
    if (c.target === seat && c.voter !== seat) llr[c.voter]! += (wolf ? VOTED_WOLF : VOTED_VILLAGER) * apart;
    if (c.voter !== seat || !wolf) continue;
    llr[c.target]! += WOLF_VOTED_FOR * apart;
    for (let j = 0; j < casts.length; j++) {
      const o = casts[j]!;
      if (o.voter !== seat && o.target === c.target && o.day === c.day && o.round === c.round) llr[o.voter]! += VOTED_WITH_WOLF * apart;
    }
  }
  // Words count once per speaker and target, weighted like votes by how far the speaker stood apart.
  const n = b.n;
  const accused = ACCUSED;
  const trusted = TRUSTED;
  const theyAccused = THEY_ACCUSED;
  const theyTrusted = THEY_TRUSTED;
  const speakers = SPEAKERS;
  // One loop rather than five `fill` calls: for a dozen seats the calls cost more than the stores.
  for (let x = 0; x < n; x++) accused[x] = trusted[x] = theyAccused[x] = theyTrusted[x] = speakers[x] = 0;
  const said = b.said;
  for (let i = 0; i < said.length; i++) {
    const s = said[i]!;
    speakers[s.speaker] = 1;
    if (s.target === seat && s.speaker !== seat) {
      if (s.kind === TRUST) trusted[s.speaker] = 1;
      else accused[s.speaker] = 1;
    } else if (s.speaker === seat) {
      if (s.kind === TRUST) theyTrusted[s.target] = 1;
      else if (s.kind === SUSPECT || s.kind === INTENT) theyAccused[s.target] = 1;
    }
  }
  let talkers = 0;
  let accusers = 0;
  let trusters = 0;
  for (let x = 0; x < n; x++) {
    talkers += speakers[x]!;
    accusers += accused[x]!;
    trusters += trusted[x]!;
  }
  if (talkers === 0) return;
  const accApart = 1 - accusers / talkers;
  const trApart = 1 - trusters / talkers;
  for (let x = 0; x < n; x++) {
    if (accused[x] === 1) llr[x]! += (wolf ? ACCUSED_WOLF : ACCUSED_VILLAGER) * accApart;
    if (trusted[x] === 1) llr[x]! += (wolf ? TRUSTED_WOLF : TRUSTED_VILLAGER) * trApart;
    if (wolf) {
      if (theyAccused[x] === 1) llr[x]! += WOLF_ACCUSED;
      if (theyTrusted[x] === 1) llr[x]! += WOLF_TRUSTED;
    } else if (atNight && theyAccused[x] === 1) llr[x]! += SILENCED_ACCUSED;
  }
}
