// `sim invariance` with models among the entrants: each arm's pairings that seat a model
// are played through one LLM session (record, limiters, budget: runs/llm/session.ts), the
// bots' pairings in this thread. The games are not stored; their calls are recorded (in
// the results file, or --llm-cache), so the same command again replays them for free.
// Loaded only when an entrant is a model (it brings the SDKs).

import { createHash } from 'node:crypto';
import { parseSeating } from '../../agents/registry.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import { SIDES } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import { budgetOf, LlmSession } from '../../runs/llm/session.js';
import { Store } from '../../runs/storage.js';
import { describeSetup } from '../../engine/index.js';
import { runInvarianceWith, UNPLAYED, type Arm, type ArmPlayer, type InvarianceRequest, type InvarianceResult } from '../../tournaments/invariance.js';
import { sidesPairing } from '../../tournaments/schedule.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';
import type { LlmSettings } from './llm-args.js';
import { checkModels, contextOf, openRecordOf } from './llm-run.js';
import { modelLines, requestLines, sessionLines, stopMessage } from './llm-summary.js';
import { onInterrupt } from './interrupt.js';
import type { ExecHost } from '../../agents/exec/host.js';

/** Games of one pairing with a model played at once (the limiters bound the requests). */
const GAMES_IN_FLIGHT = 16;

export interface InvarianceModelsRequest extends InvarianceRequest {
  readonly settings: LlmSettings;
  /** The results file holding the record (unless --llm-cache names another). */
  readonly db: string;
  /** The process agents, started, when programs sit among the entrants. */
  readonly exec?: ExecHost | undefined;
}

export interface InvarianceModelsOutcome {
  readonly result: InvarianceResult;
  /** The models' table, requests, spending and record, for people; and as JSON. */
  readonly lines: readonly string[];
  readonly json: Record<string, unknown>;
  /** Why games are missing, with its exit code (their deals are left out of the comparison). */
  readonly stop: { readonly message: string; readonly exit: number } | null;
}

/** The study's name in the record: what it plays, so the same command again finds its calls and its budget. */
function studyName(r: InvarianceModelsRequest): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ entrants: r.entrants, setup: describeSetup(r.setup), seed: r.seed, games: r.games }))
    .digest('hex')
    .slice(0, 16);
  return `invariance:${key}`;
}

export async function invarianceWithModels(r: InvarianceModelsRequest, io: CliIo): Promise<InvarianceModelsOutcome> {
  const everyone = unwrap(parseSeating([...r.entrants]));
  checkModels(everyone, r.settings, r.settings.maxCost ?? null);
  const runId = studyName(r);
  const opened = Store.open(r.db, 'write');
  if (!opened.ok) fail(opened.error);
  const store = opened.value;
  try {
    const record = openRecordOf(r.settings, r.db, store, false);
    try {
      const fresh = record.store.runInfo(runId) === undefined;
      const maxCost = unwrap(budgetOf({ flag: r.settings.maxCost, record, runId, resuming: false, what: 'this invariance study' }));
      record.store.beginRun(runId, fresh ? maxCost : r.settings.maxCost, PROMPT_VERSION);
      const session = unwrap(LlmSession.start({ record, context: contextOf(r.settings, runId, maxCost), seating: everyone }));
      const interrupt = onInterrupt(io, { clear: () => undefined, continueHint: 'run the same sim invariance again: its answered calls are replayed for free', onFirst: () => session.interrupt() });
      let played = 0;
      let planned = 0;
      const play: ArmPlayer = async (pairs, control) => {
        const winners = await Promise.all(
          pairs.map(async (p, k) => {
            const seating = sidesPairing(p.wolves, p.village).seating;
            const out = new Int8Array(r.games).fill(UNPLAYED);
            planned += r.games;
            if (!seating.async) {
              const player = new GamePlayer({ setup: r.setup, seed: r.seed, seating, control, exec: r.exec });
              for (let i = 0; i < r.games; i++) out[i] = SIDES.indexOf(player.playSync(i).played.outcome.winner);
              played += r.games;
              return out;
            }
            let next = 0;
            const worker = async () => {
              while (next < r.games) {
                const i = next++;
                const g = await session.play({ setup: r.setup, seating, seed: r.seed, control, exec: r.exec, gameKey: (index) => `${runId}/${control ?? 'dealt'}/${k}/${index}` }, i);
                if (g === undefined) continue;
                out[i] = SIDES.indexOf(g.played.outcome.winner);
                played++;
              }
            };
            await Promise.all(Array.from({ length: Math.min(GAMES_IN_FLIGHT, r.games) }, worker));
            return out;
          }),
        );
        return { pairs, winners } satisfies Arm;
      };
      let result;
      try {
        result = await runInvarianceWith(r, play);
      } finally {
        interrupt.dispose();
      }
      const end = session.end({ stored: played, planned, created: fresh, dropRuns: [], dropIfEmpty: () => played === 0 });
      const lines = [
        ...modelLines(session.finishedModels(), 'cost'),
        `  (every arm's games; "recorded": calls answered from the record, free)`,
        ...requestLines(end.usage, end),
        ...sessionLines(end, { whose: 'this study', record: record.path, warnings: session.llm.warnings }),
      ];
      const again = 'run the same sim invariance command again';
      const stop = stopMessage(end, { stored: `${played} of ${planned} games finished`, what: 'the study', resume: again, resumeBudget: `To go on, ${again} with a larger --max-cost`, record: record.path });
      const json = { record: record.path, runId, models: session.finishedModels(), paid: end.paid, spent: end.spent, maxCost: end.limit, unfinished: end.unfinished, stopped: end.stopped };
      if (!result.ok) {
        if (stop !== null) fail(`${stop.message}\n${result.error}`);
        fail(result.error);
      }
      return { result: result.value, lines, json, stop };
    } finally {
      record.close();
    }
  } finally {
    store.close();
  }
}
