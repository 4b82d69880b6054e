// `sim merge a.db b.db … --into all.db`: the shards of one run as one whole run.

import { mergeShards } from '../../runs/merge.js';
import { runGamesOutcomeOf } from './stored.js';
import { Store } from '../../runs/storage.js';
import { removeDbFiles, storedValueMessage } from '../../runs/db-file.js';
import { StoredValueError } from '../../runs/stored-value.js';
import { fail, unwrap } from './errors.js';
import { humanSummary, jsonSummary } from './format.js';
import { storedRun } from './run.js';
import type { CliIo } from './io.js';

export interface MergeArgs {
  inputs?: string[] | undefined;
  into?: string | undefined;
  json: boolean;
}

export function mergeCommand(a: MergeArgs, io: CliIo): number {
  if (a.into === undefined || a.into.trim() === '') fail('sim merge needs --into PATH: the new database to write (sim merge a.db b.db --into all.db)');
  const merged = unwrap(mergeShards(a.inputs ?? [], a.into));
  const store = unwrap(Store.open(merged.path, 'read'));
  try {
    const { run, config } = storedRun(store, String(merged.run.id), 'read');
    let outcome: ReturnType<typeof runGamesOutcomeOf>;
    try {
      outcome = runGamesOutcomeOf(store, run);
    } catch (e) {
      if (!(e instanceof StoredValueError)) throw e;
      // The shards hold a value this code never writes: the copy made of them is not kept.
      store.close();
      removeDbFiles(merged.path);
      fail(`${storedValueMessage(merged.inputs.map((i) => i.path).join(' or '), e)}; ${merged.path} was not made`);
    }
    const summary = { config, outcome, db: merged.path, workers: 0, before: 0, firstStored: store.firstStored(run.id) };
    if (a.json) {
      io.stdout.write(
        JSON.stringify({
          ...jsonSummary(summary),
          merged: merged.inputs.map((i) => ({ db: i.path, run: i.run.id, shard: `${i.run.shardK}/${i.run.shardN}`, games: i.games })),
          missing: merged.missing,
        }) + '\n',
      );
    } else {
      const lines = merged.inputs.map((i) => `  ${i.path}: run ${i.run.id}, shard ${i.run.shardK}/${i.run.shardN}, ${i.games} of ${i.run.stop - i.run.first} games`);
      io.stdout.write(`merged ${merged.inputs.length} shard${merged.inputs.length === 1 ? '' : 's'} into ${merged.path}:\n${lines.join('\n')}\n\n`);
      io.stdout.write(humanSummary(summary));
      if (merged.missing.length > 0) {
        const n = merged.missing.reduce((k, r) => k + r.stop - r.first, 0);
        const ranges = merged.missing.map((r) => (r.stop - r.first === 1 ? `${r.first}` : `${r.first}–${r.stop - 1}`));
        io.stdout.write(
          `\n${n} games are missing (${ranges.slice(0, 5).join(', ')}${ranges.length > 5 ? ', …' : ''}): ` +
            `merge the missing shards too, or play them here with: sim resume --db ${merged.path} --run ${merged.run.id}\n`,
        );
      }
    }
    return 0;
  } finally {
    store.close();
  }
}
