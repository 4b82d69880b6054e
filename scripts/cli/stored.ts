// A stored run's results as a RunOutcome (for printing what a file holds: merge, resume of a complete run).

import type { RunOutcome } from '../../runs/runner.js';
import type { RunRow, Store } from '../../runs/storage.js';
import { Tally } from '../../runs/tally.js';

export function runGamesOutcomeOf(store: Store, run: RunRow): RunOutcome {
  const tally = new Tally(store.codes);
  tally.add(store.tally(run.id));
  return { run, tally, planned: run.stop - run.first, played: 0, seconds: 0, stopped: false, unfinished: 0, writeFailure: null, workers: 0 };
}
