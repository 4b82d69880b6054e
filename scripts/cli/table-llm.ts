// `sim table` with models at the table (issue 27), on the CLI's side: the table's LLM
// session, as a run's (llm-run.ts). The models' keys, URLs and prices are checked before
// anything is served; every call is kept in the record (the results file, or
// --llm-cache), so the same command after a stop answers the calls already made from the
// record and pays for none twice; --max-cost counts over the whole table, every session
// of it. Each game's session begins when the game is dealt and is finished (its counts
// and notes written) before the game is stored. Imported only when a model sits at the
// table: it loads the SDKs.

import type { ExecHost } from '../../agents/exec/host.js';
import type { PlayedGame, PlayOptions } from '../../agents/play.js';
import type { LlmSeatFactory } from '../../agents/types.js';
import type { LlmGame } from '../../runs/llm/game.js';
import { llmGameName } from '../../runs/llm/store.js';
import { runKey, type RunConfig } from '../../runs/run-config.js';
import type { RunRow, Store } from '../../runs/storage.js';
import { versions } from '../../runs/version.js';
import { fail } from './errors.js';
import { llmSettingsFrom, type LlmArgs } from './llm-args.js';
import { checkModels, LlmRunSession, openRecordOf } from './llm-run.js';
import { modelLines, sessionLines, stopMessage } from './llm-summary.js';
import type { CliIo } from './io.js';

export interface TableModels {
  /** Game `index`'s model seats (its session begins). */
  seats(index: number, seed: string): LlmSeatFactory;
  /** How the game's wrong answers are asked again (its session's settings). */
  playOptions(seed: string): PlayOptions;
  /** The game is over: its counts and notes are written to the record (before it is stored). */
  finish(seed: string, played: PlayedGame): void;
  /** Ctrl-C: no new call; the calls in flight end and are recorded. */
  interrupt(): void;
  /** The models' lines for the end of the table, and why it stopped early (stderr, with its exit code), given the games stored of those planned. */
  end(stored: number, planned: number): { readonly lines: string[]; readonly stop: { readonly message: string; readonly exit: number } | null };
  close(): void;
}

export function startTableModels(o: {
  readonly args: LlmArgs;
  readonly io: CliIo;
  readonly config: RunConfig;
  readonly dbPath: string | null;
  readonly store: Store | null;
  /** The table's run stored before (its record must hold its entry), or undefined: a new table. */
  readonly known: RunRow | undefined;
  readonly exec: ExecHost | undefined;
  /** The command that goes on after a stop, for the messages. */
  readonly again: string;
}): TableModels {
  const settings = llmSettingsFrom(o.args, o.io.env);
  if (o.dbPath === null && settings.cache === undefined)
    fail('a table with models records every call (to go on after a stop without paying twice): with --no-db, give --llm-cache PATH for the record, or drop --no-db');
  checkModels(o.config.seating, settings, settings.maxCost ?? null);
  const record = openRecordOf(settings, o.dbPath, o.store ?? undefined, o.known !== undefined);
  let run: LlmRunSession;
  try {
    run = LlmRunSession.start({
      config: o.config,
      settings,
      record,
      store: o.store ?? undefined,
      resume: o.known,
      newRun: () => o.store?.createRun(o.config, runKey(o.config), versions()),
      exec: o.exec,
    });
  } catch (e) {
    record.close();
    throw e;
  }
  const session = run.session;
  const key = run.results?.run.key ?? runKey(o.config);
  const games = new Map<string, LlmGame>();
  return {
    seats(index, seed) {
      const g = session.startGame(llmGameName(key, index), seed);
      games.set(seed, g);
      return g;
    },
    playOptions: (seed) => games.get(seed)?.playOptions() ?? {},
    finish(seed, played) {
      const g = games.get(seed);
      if (g !== undefined) session.finishGame(g, played);
      games.delete(seed);
    },
    interrupt: () => session.interrupt(),
    end(stored, planned) {
      // A table is never dropped: the people's answers may be in the file with it.
      const end = session.end({ stored, planned, created: false, dropIfEmpty: () => false, dropRuns: [] });
      // Over the table's stored games (every session's), or without a file this session's.
      const r = run.results;
      const models = r === undefined ? session.finishedModels() : session.storedModels(r.store, [r.run]);
      const lines = [
        'The models at the table:',
        ...modelLines(models, 'cost', r === undefined ? undefined : () => r.store.storedCount(r.run.id)),
        ...sessionLines(end, { whose: 'the table', record: record.path, warnings: session.llm.warnings }),
      ];
      const stop = stopMessage(end, {
        stored: `${stored} of ${planned} game${planned === 1 ? '' : 's'} stored`,
        what: 'the table',
        resume: o.again,
        resumeBudget: `To go on, give a larger budget: ${o.again} --max-cost USD (the answers the people gave are kept)`,
        record: record.path,
      });
      return { lines, stop };
    },
    close() {
      session.close();
      record.close();
    },
  };
}
