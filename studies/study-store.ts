// Studies in the results database (runs/study-table.ts keeps their tables): a study is
// an entry of its own, found again by the key of its request (the games it reads, what it
// measures, its seed and samples, the code), with one row per game it has measured and
// one per speech. A game's speeches are stored in one transaction with the game's row, so
// a study killed at any moment (kill -9) has whole games or none, and running the same
// command again measures only the games it lacks — the forks already played are not
// played again.

import { ROLES, TEAMS, type Claim, type Role, type Team } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import { badStoredValue } from '../runs/stored-value.js';
import type { StudyRow } from '../runs/study-table.js';
import type { SpeechResult } from './persuasion.js';

export type { StudyRow } from '../runs/study-table.js';

/** The latest study of this key (the one the same command continues). */
export function findStudy(store: Store, key: string): StudyRow | undefined {
  return store.studies().latest(key);
}

export function createStudy(store: Store, o: { readonly key: string; readonly kind: string; readonly request: unknown; readonly codeHash: string }): StudyRow {
  return store.studies().insert({ key: o.key, kind: o.kind, request: JSON.stringify(o.request), codeHash: o.codeHash });
}

/** The games a study has measured, as `run:game`. */
export function measuredGames(store: Store, study: number): Set<string> {
  return new Set(store.studies().measured(study).map((r) => `${r.run}:${r.game}`));
}

/** Stores a game's speeches and marks the game measured, in one transaction. */
export function saveStudyGame(store: Store, study: number, run: number, game: number, speeches: readonly SpeechResult[]): void {
  store.studies().saveGame(study, run, game, speeches);
}

/** Every speech a study has measured, in (run, game, decision) order; a side or card this code never writes is a damaged file. */
export function studySpeeches(store: Store, study: number): SpeechResult[] {
  return store
    .studies()
    .speeches(study)
    .map((r) => {
      if (!(TEAMS as readonly string[]).includes(r.side) || !(ROLES as readonly string[]).includes(r.role))
        badStoredValue(`study ${study}, run ${r.run}, game ${r.game}: side '${r.side}', card '${r.role}'`);
      return { ...r, side: r.side as Team, role: r.role as Role, claims: r.claims as Claim[] };
    });
}
