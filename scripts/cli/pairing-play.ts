// The CLI's frame around a play of pairings that is not a tournament (a sequential test, a
// pilot): Ctrl-C (the first stops cleanly, the models' calls too), the progress bar, the
// models' session started once the runs exist, and a results file removed again when the
// models refused their first call and this invocation had made it (nothing was kept).

import type { Result } from '../../engine/index.js';
import { visible } from '../../narrate/escape.js';
import { type Store } from '../../runs/storage.js';
import { inspectDbFile, removeDbFiles } from '../../runs/db-file.js';
import type { PairingsIo } from '../../tournaments/tournament.js';
import { unwrap } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { progressBar } from './progress.js';
import type { TournamentModels } from './tournament-llm.js';
import type { CliIo } from './io.js';

export async function playPairingsFromCli<O, R extends { readonly dropped: boolean; readonly stop: { readonly message: string; readonly exit: number } | null }>(o: {
  readonly db: string;
  readonly json: boolean;
  /** How to continue after a second Ctrl-C (`run the same sim sprt again to continue`). */
  readonly continueHint: string;
  /** Starts the models' session (undefined: no pairing seats a model). */
  readonly models: ((store: Store, open: O) => TournamentModels) | undefined;
  /** `live.label(text)`: live standings shown before the bar from then on (the test's LLR). */
  readonly run: (io: PairingsIo<O>, live: { label(text: string): void }) => Promise<Result<R, string>>;
}, io: CliIo): Promise<{ readonly kept: R } | { readonly exit: number }> {
  const state = inspectDbFile(o.db);
  const bar = progressBar(!o.json, io);
  let label: string | undefined;
  let stopModels: (() => void) | undefined;
  const interrupt = onInterrupt(io, { clear: () => bar.stop(), continueHint: o.continueHint, onFirst: () => stopModels?.() });
  try {
    const start = o.models;
    const out = unwrap(
      await o.run({
        shouldStop: interrupt.stopping,
        onProgress: (done, total) => bar.update(done, total, label),
        models:
          start === undefined
            ? undefined
            : (store, open) => {
                const session = start(store, open);
                stopModels = () => session.interrupt();
                return session;
              },
      }, { label: (text) => (label = text) }),
    );
    bar.stop();
    if (!out.dropped) return { kept: out };
    if (state.ok && state.value === 'missing') removeDbFiles(o.db);
    io.stderr.write(visible(out.stop?.message ?? 'nothing was kept') + '\n');
    return { exit: out.stop?.exit ?? 1 };
  } finally {
    interrupt.dispose();
    bar.stop();
  }
}
