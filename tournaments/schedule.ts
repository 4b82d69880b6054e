// A tournament's schedule: which seatings are played, each as a normal run of `games`
// games of the tournament's seed. Every pairing plays the same game indices, so game i of
// every pairing is dealt from the same seed (`seed#i`): the same cards to the same seats
// — common random numbers, so differences between entrants are not deal noise. Seats and
// roles rotate because each game is dealt from its own seed.
//
// - side mode: for every ordered pair of entrants (X, Y), X plays every werewolf card and
//   Y every other card (`Y werewolves=X`); with self-play also (X, X), which is plain `X`.
//   Cards of a third team (the piper) sit with the village's entrant.
// - seat mode ("one model among bots"): a reference agent plays every seat (the baseline)
//   and, for each entrant and each seat k, a run where the entrant takes seat k alone
//   (`REF k=X`): over the seats of one deal the entrant holds every card of it once.
// - mixed mode (Kaggle's tables: several entrants at one table): the entrants, in an order
//   drawn from the seed, sit round the table in turn (seat k: entrant (k + r) mod N), one
//   run per rotation r = 0..N−1. Over the N rotations of one deal every entrant holds every
//   seat, so every card of it, exactly once: balanced over seats and sides by design, the
//   sides each deal gives an entrant drawn by the deal. Neighbours are the drawn order's.

import { createHash } from 'node:crypto';
import { checkSeating, parseAgentSpec, parseSeating, type Seating } from '../agents/registry.js';
import { err, ok, Rng, type Result } from '../engine/index.js';
import { describeSetup, type GameSetup } from '../engine/index.js';
import type { FailurePolicy } from './failure-policy.js';

export const MODES = ['side', 'seat', 'mixed'] as const;
export type Mode = (typeof MODES)[number];

export const DEFAULT_REFERENCE = 'heuristic';
/** The agent on every other card of a one-side comparison (sprt, plan's pilot). */
export const DEFAULT_OPPONENT = 'heuristic';

export type Pairing =
  /** `wolves` plays the werewolves' cards, `village` every other card. */
  | { readonly kind: 'sides'; readonly wolves: string; readonly village: string; readonly seating: Seating }
  /** `entrant` plays seat `seat` (0-based), the reference every other seat. */
  | { readonly kind: 'seat'; readonly entrant: string; readonly seat: number; readonly seating: Seating }
  /** The reference in every seat (seat mode). */
  | { readonly kind: 'baseline'; readonly seating: Seating }
  /** Mixed mode: rotation `rotation` of the table, `seats[k]` the entrant of seat k. */
  | { readonly kind: 'table'; readonly rotation: number; readonly seats: readonly string[]; readonly seating: Seating };

export type PairingKind = Pairing['kind'];

/** An adaptive schedule (adaptive.ts): `games` is then each pairing's cap. */
export interface AdaptiveSettings {
  /** Two neighbours of the ranking are tied when their difference is known to lie within ± this (win rate). */
  readonly precision: number;
  /** Games per round given to the chosen pairing (and to every pairing in round 0). */
  readonly batch: number;
}

export interface ScheduleRequest {
  readonly mode: Mode;
  /** Agent specs as written (`random`, `heuristic:fakeClaim=0.3`, `openai:gpt-4o-mini`). */
  readonly entrants: readonly string[];
  /** Seat mode: the agent of the other seats (default heuristic). */
  readonly reference?: string | undefined;
  /** Side mode: each entrant also plays itself (default true: it separates an entrant's wolf and village strengths). */
  readonly selfPlay?: boolean | undefined;
  readonly setup: GameSetup;
  readonly seed: string;
  /** Games per pairing (adaptive: at most). */
  readonly games: number;
  readonly adaptive?: AdaptiveSettings | undefined;
  /** What a game in which an agent failed counts for in the ratings (failure-policy.ts; default keep). */
  readonly policy?: FailurePolicy | undefined;
}

export interface Schedule {
  readonly mode: Mode;
  /** Canonical specs, in the order given. */
  readonly entrants: readonly string[];
  readonly reference: string | null;
  readonly selfPlay: boolean;
  readonly setup: GameSetup;
  readonly seed: string;
  readonly games: number;
  /** Null: every pairing plays `games`; else the adaptive rule, `games` each pairing's cap. */
  readonly adaptive: AdaptiveSettings | null;
  readonly policy: FailurePolicy;
  readonly pairings: readonly Pairing[];
  /** The tournament's identity: the same request, the same key (and the same games). */
  readonly key: string;
  /** Some pairing seats a model (played asynchronously, through the LLM runner). */
  readonly async: boolean;
}

function seatingOf(values: readonly string[]): Seating {
  const s = parseSeating(values);
  // Every spec was checked before: a failure here is a bug.
  if (!s.ok) throw new Error(`schedule: seating ${values.join(' ')}: ${s.error}`);
  return s.value;
}

/** An entrant is an agent spec, not a seat assignment: the schedule seats it. Its canonical text. */
export function entrantSpec(text: string, flag: string): Result<string, string> {
  const t = text.trim();
  const eq = t.indexOf('=');
  const colon = t.indexOf(':');
  if (eq > 0 && (colon < 0 || eq < colon))
    return err(`${flag} '${text}': a tournament's entrants are agents (e.g. heuristic, random, openai:gpt-4o-mini), not seat assignments; the schedule decides who sits where`);
  const spec = parseAgentSpec(t);
  if (!spec.ok) return err(`${flag}: ${spec.error}`);
  return ok(spec.value.text);
}

/** Several agents' canonical specs, each checked with the flag it came from; the first refusal. */
export function entrantSpecs(given: readonly (readonly [flag: string, text: string])[]): Result<string[], string> {
  const out: string[] = [];
  for (const [flag, text] of given) {
    const spec = entrantSpec(text, flag);
    if (!spec.ok) return spec;
    out.push(spec.value);
  }
  return ok(out);
}

export function tournamentKey(r: Pick<Schedule, 'mode' | 'entrants' | 'reference' | 'selfPlay' | 'setup' | 'seed' | 'games' | 'adaptive' | 'policy'>): string {
  const identity = JSON.stringify({
    mode: r.mode,
    entrants: r.entrants,
    reference: r.reference,
    selfPlay: r.selfPlay,
    setup: describeSetup(r.setup),
    seed: r.seed,
    games: r.games,
    // A fixed tournament's key is what it was before adaptive schedules existed.
    ...(r.adaptive === null ? {} : { adaptive: r.adaptive }),
    // Likewise under the default policy. Another policy is another tournament, on the same runs: its games are not played again.
    ...(r.policy === 'keep' ? {} : { policy: r.policy }),
  });
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** `wolves` on the werewolves' cards, `village` on every other card (itself alone when they are one agent). */
export function sidesPairing(wolves: string, village: string): Pairing {
  return { kind: 'sides', wolves, village, seating: seatingOf(wolves === village ? [wolves] : [village, `werewolves=${wolves}`]) };
}

/** The schedule, or why it cannot be played (every entrant and seat checked). */
export function planSchedule(r: ScheduleRequest): Result<Schedule, string> {
  if (r.adaptive !== undefined && r.mode !== 'side')
    return err('--adaptive ranks the entrants of a side tournament (--mode side); a seat tournament compares each entrant with the reference, at a fixed --games');
  const entrants: string[] = [];
  for (const e of r.entrants) {
    const spec = entrantSpec(e, '--agents');
    if (!spec.ok) return spec;
    const as = spec.value === e.trim() ? spec.value : `${e.trim()} (that is, ${spec.value})`;
    if (entrants.includes(spec.value)) return err(`--agents: ${as} is named twice; each entrant plays once (its self-play is --self-play)`);
    entrants.push(spec.value);
  }
  if (!Number.isSafeInteger(r.games) || r.games < 1) return err(`--games must be a whole number of at least 1, not ${r.games}`);
  const pairings: Pairing[] = [];
  let reference: string | null = null;
  if (r.mode === 'side') {
    if (r.reference !== undefined) return err('--reference is the agent of the other seats in --mode seat; a side tournament seats only its entrants');
    if (entrants.length < 2)
      return err(
        `a side tournament needs at least two entrants (give --agents twice or more, e.g. --agents random --agents heuristic); ` +
          `to rate ${entrants.length === 1 ? entrants[0] : 'one agent'} among bots, use --mode seat`,
      );
    for (const wolves of entrants)
      for (const village of entrants) {
        if (wolves === village && r.selfPlay === false) continue;
        pairings.push(sidesPairing(wolves, village));
      }
  } else if (r.mode === 'mixed') {
    const table = mixedTables(entrants, r);
    if (!table.ok) return table;
    pairings.push(...table.value);
  } else {
    const ref = entrantSpec(r.reference ?? DEFAULT_REFERENCE, '--reference');
    if (!ref.ok) return ref;
    reference = ref.value;
    if (entrants.length < 1) return err('a seat tournament needs at least one entrant: --agents SPEC');
    if (entrants.includes(reference))
      return err(`--agents: ${reference} is the reference agent (--reference, default ${DEFAULT_REFERENCE}), already played in every seat as the baseline; rate it against another --reference`);
    if (r.selfPlay !== undefined) return err('--self-play applies to side tournaments; a seat tournament has no self-play (its baseline is the reference in every seat)');
    pairings.push({ kind: 'baseline', seating: seatingOf([reference]) });
    for (const entrant of entrants)
      for (let seat = 0; seat < r.setup.players; seat++) {
        const seating = seatingOf([reference, `${seat + 1}=${entrant}`]);
        const fits = checkSeating(seating, r.setup.players);
        if (!fits.ok) return err(`--agents: ${fits.error}`);
        pairings.push({ kind: 'seat', entrant, seat, seating });
      }
  }
  if (!r.setup.deck.includes('werewolf')) return err('the mix has no werewolf card: nobody would play the werewolves’ side');
  if (!r.setup.deck.some((c) => c !== 'werewolf')) return err('the mix has only werewolf cards: nobody would play the village');
  const adaptive = r.adaptive ?? null;
  const policy = r.policy ?? 'keep';
  if (policy === 'exclude' && r.mode === 'mixed')
    return err('--policy exclude leaves an entrant that fails off the board with all its games, and at a mixed table every game seats every entrant: nothing would be left; choose keep, forfeit or void');
  if (policy === 'exclude' && adaptive !== null)
    return err('--policy exclude leaves an entrant that fails off the board, which would change the ranking an adaptive schedule is settling; play the tournament with --policy keep, forfeit or void, and rate it with sim leaderboard --policy exclude');
  if (adaptive !== null) {
    if (!(adaptive.precision > 0 && adaptive.precision < 0.5)) return err(`--precision ${adaptive.precision}: a tie's margin must be between 0 and 0.5 (exclusive) in win rate, e.g. --precision 0.02`);
    if (!Number.isSafeInteger(adaptive.batch) || adaptive.batch < 1) return err(`--batch must be a whole number of at least 1, not ${adaptive.batch}`);
  }
  const base = { mode: r.mode, entrants, reference, selfPlay: r.mode === 'side' && r.selfPlay !== false, setup: r.setup, seed: r.seed, games: r.games, adaptive, policy };
  return ok({ ...base, pairings, key: tournamentKey(base), async: pairings.some((p) => p.seating.async) });
}

/** Mixed mode's rotations of the table: the entrants in the order the seed draws, seat k of rotation r the entrant (k + r) mod N. */
function mixedTables(entrants: readonly string[], r: ScheduleRequest): Result<Pairing[], string> {
  if (r.reference !== undefined) return err('--reference is the agent of the other seats in --mode seat; a mixed table seats only its entrants');
  if (r.selfPlay !== undefined) return err('--self-play applies to side tournaments; at a mixed table the entrants always play together');
  const n = entrants.length;
  const players = r.setup.players;
  if (n < 2) return err('a mixed tournament needs at least two entrants at its table (give --agents twice or more)');
  if (n > players) return err(`a mixed tournament seats every entrant at each table: ${n} entrants do not fit ${players} seats (play fewer entrants, or more players)`);
  const order = [...entrants];
  const rng = new Rng(r.seed, '/mixed-table');
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return ok(
    Array.from({ length: n }, (_, rotation): Pairing => {
      const seats = Array.from({ length: players }, (_, k) => order[(k + rotation) % n]!);
      const seating = seatingOf([seats[0]!, ...seats.flatMap((e, k) => (k > 0 && e !== seats[0] ? [`${k + 1}=${e}`] : []))]);
      return { kind: 'table', rotation, seats, seating };
    }),
  );
}

/** A pairing in words (`heuristic (wolves) vs random (village)`). */
export function pairingLabel(p: Pairing): string {
  switch (p.kind) {
    case 'sides':
      return p.wolves === p.village ? `${p.wolves} (self-play)` : `${p.wolves} (wolves) vs ${p.village} (village)`;
    case 'seat':
      return `${p.entrant} in seat ${p.seat + 1}`;
    case 'baseline':
      return 'baseline (the reference in every seat)';
    case 'table':
      return `table ${p.rotation + 1}: ${p.seats.map((e, k) => `${k + 1}=${e}`).join(' ')}`;
  }
}
