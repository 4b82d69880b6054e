// Tournaments in the results database (runs/tournament-table.ts: `tournaments`,
// `tournament_runs`): a tournament row per schedule, and a row per pairing naming its run.
// The runs themselves are ordinary runs, so `sim runs`, `sim show`, `sim report` and
// `sim resume` see them. Here the stored words get their meaning: a mode or a pairing kind
// this code never writes is a damaged file.

import { FAILURE_POLICIES, type FailurePolicy } from './failure-policy.js';
import { MODES, type Mode, type Pairing, type PairingKind, type Schedule } from './schedule.js';
import type { Store } from '../runs/storage.js';
import { badStoredValue } from '../runs/stored-value.js';
import type { StoredPairing, StoredTournament } from '../runs/tournament-table.js';

export interface TournamentRow extends Omit<StoredTournament, 'mode' | 'policy'> {
  readonly mode: Mode;
  readonly policy: FailurePolicy;
}

export interface PairingRow extends Omit<StoredPairing, 'kind'> {
  readonly kind: PairingKind;
}

const KINDS: readonly string[] = ['sides', 'seat', 'baseline', 'table'] satisfies readonly PairingKind[];

function tournamentOf(t: StoredTournament): TournamentRow {
  if (!(MODES as readonly string[]).includes(t.mode)) badStoredValue(`tournament ${t.id}: mode '${t.mode}'`);
  if (!(FAILURE_POLICIES as readonly string[]).includes(t.policy)) badStoredValue(`tournament ${t.id}: failure policy '${t.policy}'`);
  return t as TournamentRow;
}

export function tournaments(store: Store): TournamentRow[] {
  return store.tournaments().all().map(tournamentOf);
}

export function tournament(store: Store, id: number): TournamentRow | undefined {
  const t = store.tournaments().byId(id);
  return t === undefined ? undefined : tournamentOf(t);
}

/** The latest tournament of this key played by this code: the one a rerun continues. */
export function findTournament(store: Store, key: string, codeHash: string): TournamentRow | undefined {
  const t = store.tournaments().latest(key, codeHash);
  return t === undefined ? undefined : tournamentOf(t);
}

/** What a tournament's row keeps of its schedule (and its JSON shows), in that order. */
export function scheduleFields(s: Schedule) {
  return { key: s.key, mode: s.mode, entrants: s.entrants, reference: s.reference, selfPlay: s.selfPlay, seed: s.seed, games: s.games, policy: s.policy };
}

export function createTournament(store: Store, s: Schedule, setupText: string, codeHash: string): TournamentRow {
  const t = store.tournaments().insert({ ...scheduleFields(s), setup: setupText, codeHash });
  return tournamentOf(t);
}

/** Records that pairing `index` of the tournament is played by `run` (kept if already recorded). */
export function linkPairing(store: Store, tournamentId: number, index: number, p: Pairing, run: number): void {
  const cols =
    p.kind === 'sides'
      ? { wolves: p.wolves, village: p.village, entrant: null, seat: null }
      : p.kind === 'seat'
        ? { wolves: null, village: null, entrant: p.entrant, seat: p.seat }
        : p.kind === 'table'
          ? { wolves: null, village: null, entrant: null, seat: p.rotation }
          : { wolves: null, village: null, entrant: null, seat: null };
  store.tournaments().link(tournamentId, { pairing: index, run, kind: p.kind, ...cols });
}

export function pairings(store: Store, tournamentId: number): PairingRow[] {
  return store
    .tournaments()
    .pairings(tournamentId)
    .map((p) => {
      if (!KINDS.includes(p.kind)) badStoredValue(`tournament ${tournamentId}, pairing ${p.pairing}: kind '${p.kind}'`);
      return p as PairingRow;
    });
}

/** Removes a tournament (and its pairing rows; the runs stay). */
export function deleteTournament(store: Store, id: number): void {
  store.tournaments().delete(id);
}
