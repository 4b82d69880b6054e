// Public evidence from revealed cards. When a card is turned over, what everyone said
// and voted about that player (and what that player said and voted) becomes evidence
// about the others, added to their log-odds of being a werewolf (`PublicRecord.llr`):
// werewolves push villagers out, defend and vote with their packmates, and kill at
// night the players who were on to them. The weights are small and add up over days;
// they are the heuristic's, tuned by the strength figures (docs/heuristic.md).

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

/** A seat's flags about the revealed card's holder: it spoke at all; it accused or trusted him; he accused or trusted it. */
const SPOKE = 1;
const ACCUSED_IT = 2;
const TRUSTED_IT = 4;
const ACCUSED_BY_IT = 8;
const TRUSTED_BY_IT = 16;

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
  // Flags per seat (bits below), in the game's scratch array (scratch.ts).
  const flags = b.scratch.flags;
  // A loop rather than `fill`: for a dozen seats the call costs more than the stores.
  for (let x = 0; x < n; x++) flags[x] = 0;
  const said = b.said;
  for (let i = 0; i < said.length; i++) {
    const s = said[i]!;
    flags[s.speaker]! |= SPOKE;
    if (s.target === seat && s.speaker !== seat) flags[s.speaker]! |= s.kind === TRUST ? TRUSTED_IT : ACCUSED_IT;
    else if (s.speaker === seat) {
      if (s.kind === TRUST) flags[s.target]! |= TRUSTED_BY_IT;
      else if (s.kind === SUSPECT || s.kind === INTENT) flags[s.target]! |= ACCUSED_BY_IT;
    }
  }
  let talkers = 0;
  let accusers = 0;
  let trusters = 0;
  for (let x = 0; x < n; x++) {
    const f = flags[x]!;
    if ((f & SPOKE) !== 0) talkers++;
    if ((f & ACCUSED_IT) !== 0) accusers++;
    if ((f & TRUSTED_IT) !== 0) trusters++;
  }
  if (talkers === 0) return;
  const accApart = 1 - accusers / talkers;
  const trApart = 1 - trusters / talkers;
  for (let x = 0; x < n; x++) {
    const f = flags[x]!;
    if ((f & ACCUSED_IT) !== 0) llr[x]! += (wolf ? ACCUSED_WOLF : ACCUSED_VILLAGER) * accApart;
    if ((f & TRUSTED_IT) !== 0) llr[x]! += (wolf ? TRUSTED_WOLF : TRUSTED_VILLAGER) * trApart;
    if (wolf) {
      if ((f & ACCUSED_BY_IT) !== 0) llr[x]! += WOLF_ACCUSED;
      if ((f & TRUSTED_BY_IT) !== 0) llr[x]! += WOLF_TRUSTED;
    } else if (atNight && (f & ACCUSED_BY_IT) !== 0) llr[x]! += SILENCED_ACCUSED;
  }
}
