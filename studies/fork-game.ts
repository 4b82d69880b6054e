// `sim fork`'s work on a stored game: the original replayed, its decisions recorded (stored.ts), the
// decision and the edit checked against it, the fork played with the run's agents
// (fork.ts), its prefix checked against the original's, and the two set side by side
// from the decision on (timeline.ts). Bots here; games with models in llm-fork.ts (it
// loads the SDKs).

import { answerLabel } from '../agents/llm/choices.js';
import type { AskedDecision } from '../agents/asked.js';
import { gameSeed, type Answer, type Decision } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { decisionMarks } from '../narrate/decisions.js';
import { describe, P, transcript } from '../narrate/transcript.js';
import { decisionText, editAnswer, editText, type Edit } from './edit.js';
import { forkAgents, sharedPrefix, type ForkPlan } from './fork.js';
import { playBots, recording, type StoredGame, type TracedGame } from './stored.js';
import { timeline, type TimelineRow } from './timeline.js';

/** The decision a fork changes, and what it plays there instead. */
export interface ForkPoint {
  readonly decision: AskedDecision;
  readonly edit: Edit;
  readonly replacement: Answer;
}

export interface ForkOutcome extends ForkPoint {
  readonly original: TracedGame;
  readonly fork: TracedGame;
  /** The log's length when the decision was asked: the events both games share, checked. */
  readonly from: number;
  readonly rows: readonly TimelineRow[];
  /** Whether the fork is the original, event for event, to its end. */
  readonly identical: boolean;
}

/** The last decision of a game (its decisions are numbered 0 to this). */
function lastId(original: TracedGame): number {
  return original.asked.length - 1;
}

/** Finds decision `at` in the original and reads the edit against it. */
export function forkPoint(g: StoredGame, original: TracedGame, at: number, edit: Edit): Result<ForkPoint, string> {
  const decision = original.asked[at];
  if (decision === undefined) {
    const last = lastId(original);
    return err(
      `game ${g.index} of run ${g.run.id} has decisions #0 to #${last}; there is no decision #${at} (sim show --db ${g.path} --run ${g.run.id} --game ${g.index} numbers them)`,
    );
  }
  const d: Decision = decision.decision;
  const replacement = editAnswer(d, edit, decision.answer, g.config.setup.players);
  return replacement.ok ? ok({ decision, edit, replacement: replacement.value }) : replacement;
}

/** The plan of a fork at `point` (each seat's own stream after it, played to the end). */
export function planOf(point: ForkPoint): ForkPlan {
  return { at: point.decision.id, answer: point.edit.kind === 'none' ? undefined : point.replacement };
}

/** The fork's outcome, once both games are played: its prefix checked, the two side by side. */
export function compareFork(g: StoredGame, point: ForkPoint, original: TracedGame, fork: TracedGame): Result<ForkOutcome, string> {
  const from = point.decision.asked;
  const shared = sharedPrefix(original.game.log, fork.game.log);
  if (shared < from)
    return err(
      `the fork of game ${g.index} of run ${g.run.id} departs from the stored game at event ${shared}, before decision #${point.decision.id} (event ${from}): ` +
        'its agents did not answer as they did when the game was played (another version of the code, or an agent that is not deterministic)',
    );
  const identical = shared === original.game.log.length && shared === fork.game.log.length;
  const rows = timeline(
    { log: original.game.log, outcome: original.played?.outcome ?? null },
    { log: fork.game.log, outcome: fork.played?.outcome ?? null },
    from,
  );
  return ok({ ...point, original, fork, from, rows, identical });
}

/** A fork of a bot game: played at once (its agents answer synchronously). */
export function forkBots(g: StoredGame, point: ForkPoint, original: TracedGame): Result<ForkOutcome, string> {
  const asked: AskedDecision[] = [];
  const played = playBots(g, recording(asked, (agents, game) => forkAgents(agents, game, planOf(point))));
  return compareFork(g, point, original, { game: played.game, played: played.played, specs: played.specs, asked });
}

/** A fork as people and programs read it (`sim fork`'s text, JSON and page). */
export interface ForkView {
  readonly title: string;
  readonly run: number;
  readonly game: number;
  readonly gameSeed: string;
  readonly decision: { readonly id: number; readonly seat: number; readonly kind: string; readonly text: string };
  readonly edit: string;
  /** What was said or chosen at the decision: in the stored game, and in the fork. */
  readonly original: string;
  readonly fork: string;
  /** Events both games share (everything before the decision), and whether the fork is the original to its end. */
  readonly shared: number;
  readonly identical: boolean;
  /** "the replay matches the stored result", or why it could not be checked. */
  readonly stored: string;
  readonly rows: readonly TimelineRow[];
  /** Both games' transcripts from the decision on (escaped as transcripts are). */
  readonly transcripts: { readonly original: string; readonly fork: string };
}

/** What was said or chosen at the decision in one game: the speech's line, or the answer's label. */
function atDecision(game: TracedGame, d: AskedDecision, from: number): string {
  if (d.kind === 'speech') {
    const e = game.game.log[from];
    return e?.type === 'speech' ? (describe(e) ?? '') : '(no speech)';
  }
  const played = game.asked[d.id]?.answer ?? d.answer;
  const label = answerLabel(d.decision, played);
  return `${P(d.seat)} ${d.kind}: ${label === '' ? 'none' : label}`;
}

/** The transcript of a game from event `from` on, its lines numbered with their decisions. */
function tail(game: TracedGame, from: number, at: number): string {
  const cut = `── decision #${at} ──`;
  const log = game.game.log;
  const text = transcript(log, { title: '' }, new Map([[from, [cut]]]), { marks: decisionMarks(log, game.asked) });
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.trim() === cut);
  let phase = '';
  for (let k = from - 1; k >= 0 && phase === ''; k--) {
    const e = log[k]!;
    if (e.type === 'night' || e.type === 'day') phase = describe(e) ?? '';
  }
  return [phase, ...lines.slice(i)].join('\n');
}

export function forkView(g: StoredGame, o: ForkOutcome, matches: boolean | null): ForkView {
  const d = o.decision;
  const stored =
    matches === null
      ? `game ${g.index} is not stored in run ${g.run.id}: the original is the replay of its configuration, with nothing to check it against`
      : 'the replay of the original matches its stored result';
  return {
    title: `Fork of run ${g.run.id}, game ${g.index} at decision #${d.id}`,
    run: g.run.id,
    game: g.index,
    gameSeed: gameSeed(g.config.seed, g.index),
    decision: { id: d.id, seat: d.seat, kind: d.kind, text: decisionText(d.decision) },
    edit: editText(o.edit),
    original: atDecision(o.original, d, o.from),
    fork: atDecision(o.fork, d, o.from),
    shared: o.from,
    identical: o.identical,
    stored,
    rows: o.rows,
    transcripts: { original: tail(o.original, o.from, d.id), fork: tail(o.fork, o.from, d.id) },
  };
}
