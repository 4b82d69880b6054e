// Per stored game, its winner and whether a village-side or a werewolf seat fell back, read
// from the results file's `game_results` and `seats` views: the failure-policy tests count
// what the code counts through another path than the code's own.

import Database from 'better-sqlite3';
import { ROLES, teamOf } from '../../engine/index.js';

export interface StoredFailure {
  readonly run: number;
  readonly winner: string;
  readonly villageFailed: boolean;
  readonly wolvesFailed: boolean;
}

export function storedFailures(db: string): StoredFailure[] {
  const wolves = ROLES.filter((r) => teamOf(r) === 'werewolves').map((r) => `'${r}'`).join(', ');
  const raw = new Database(db, { readonly: true });
  try {
    return (
      raw
        .prepare(
          `SELECT g.run AS run, g.winner AS winner,
                  MAX(CASE WHEN s.dealt IN (${wolves}) THEN 0 ELSE s.fallbacks > 0 END) AS villageFailed,
                  MAX(CASE WHEN s.dealt IN (${wolves}) THEN s.fallbacks > 0 ELSE 0 END) AS wolvesFailed
           FROM game_results g JOIN seats s ON s.run = g.run AND s.game = g.game GROUP BY g.run, g.game`,
        )
        .all() as { run: number; winner: string; villageFailed: number; wolvesFailed: number }[]
    ).map((r) => ({ ...r, villageFailed: r.villageFailed === 1, wolvesFailed: r.wolvesFailed === 1 }));
  } finally {
    raw.close();
  }
}
