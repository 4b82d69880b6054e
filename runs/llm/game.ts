// One game's LLM session: it makes the game's LLM agents and answers their calls — from
// the record when it holds the answer (no cost), else from the provider through the
// model's limiter, within the budget — counts each seat's calls, tokens and cost, and
// keeps the seats' notes (private reasoning, refused answers, failed calls, fallbacks).
// `finish` writes the counts and notes in one transaction, only for a finished game.
// Keys never reach the record: the transport masks errors and responses, and notes are
// masked here (agents/llm/secrets.ts). Calls are keyed with the prompt version; a replay
// that finds a game recorded by another version says so and stops.


import { LlmAgent, type CallResult, type CallSite, type LlmCalls } from '../../agents/llm/agent.js';
import { answerLabel } from '../../agents/llm/choices.js';
import type { LlmNote, NoteKind } from '../../agents/llm/notes.js';
import { costOf } from '../../agents/llm/prices.js';
import { PROMPT_VERSION, type Wording } from '../../agents/llm/prompt.js';
import { maskUrl } from '../../agents/llm/secrets.js';
import { estimateTokens, hiddenPromptTokens, requestBody } from '../../agents/llm/providers/index.js';
import type { LlmRequest } from '../../agents/llm/providers/types.js';
import type { LlmSpec } from '../../agents/llm/spec.js';
import { sendWithRetries } from '../../agents/llm/transport.js';
import { AbandonGame, type PlayedGame, type PlayOptions } from '../../agents/play.js';
import type { Agent, LlmSeatFactory } from '../../agents/types.js';
import { fallbackAnswer } from '../../engine/index.js';
import { seatFileOp } from '../db-file.js';
import type { CallCount, LlmRun } from './context.js';
import { callKey, sampleName, type SeatUsage, type StoredCall } from './store.js';

/** Why a replay is refused: game `gameSeed` was recorded with other prompt versions than this code's. */
export function otherPromptVersion(gameSeed: string, recorded: readonly number[]): string {
  return (
    `replay: game ${gameSeed} was recorded with prompt version ${recorded.join(', ')}, and this code asks its models with prompt version ${PROMPT_VERSION} ` +
    `(docs/LLM.md, "Prompt versions"): its answers cannot be replayed by this code; show it with the werewolf-lab that played it, or play the run again live`
  );
}

/** Why a game was abandoned: its run stopped (scope run), or only this game cannot go on (scope game). */
export class LlmStop extends AbandonGame {
  override readonly name = 'LlmStop';
  constructor(
    message: string,
    readonly scope: 'game' | 'run',
  ) {
    super(message);
  }
}

export interface GameUsage {
  readonly seats: readonly SeatUsage[];
  readonly calls: number;
  readonly cachedCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost: number | null;
  readonly newCost: number;
}

function emptyUsage(seat: number, spec: string, priced: boolean): SeatUsage {
  return { seat, spec, calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, cost: priced ? 0 : null, newCost: 0, invalid: 0, fallbacks: 0, decisions: 0 };
}

/** One call as a replay page shows it: the prompt sent, and the answer (or why the call failed). */
export interface KeptCall {
  readonly seat: number;
  readonly decision: number;
  readonly attempt: number;
  readonly system: string;
  readonly user: string;
  /** Why each earlier answer to this decision was refused (the model is shown them again). */
  readonly rejections: readonly string[];
  readonly answer: string;
  readonly ok: boolean;
}

/** How a game's calls are named, answered and kept beyond the defaults (forks and studies: studies/; replay pages). */
export interface LlmGameOptions {
  /** Where a call is made, in its key (default `sampleName(gameSeed, seat, decision, attempt)`). */
  readonly sampleOf?: ((at: CallSite) => string) | undefined;
  /** The sampling seed sent with a call, where the provider takes one (default none). */
  readonly samplingSeed?: ((at: CallSite) => number | undefined) | undefined;
  /** Decisions up to this id are answered from the record only, live or not: a miss stops the game. */
  readonly recordThrough?: number | undefined;
  /** Keep every call's prompt and answer (a replay page); runs keep nothing in memory. */
  readonly keepCalls?: boolean | undefined;
  /** The `choices` invariance control: each decision's legal choices listed in an order drawn from the game's seed. */
  readonly shuffleChoices?: boolean | undefined;
  /** The `wording` invariance control: the prompt's second wording (agents/llm/prompt.ts). */
  readonly wording?: Wording | undefined;
  /** The `names` invariance control: the players under names drawn from the game's seed (agents/llm/names.ts). */
  readonly names?: boolean | undefined;
}

/** One game's LLM session: makes its LLM agents and answers their calls. */
export class LlmGame implements LlmSeatFactory, LlmCalls {
  private readonly notesList: LlmNote[] = [];
  private readonly seats = new Map<number, SeatUsage>();
  /** Every call's prompt and answer, when asked for (a replay page); null: not kept (runs keep nothing in memory). */
  private readonly kept: KeptCall[] | null;

  constructor(
    private readonly run: LlmRun,
    readonly gameKey: string,
    readonly gameSeed: string,
    private readonly opts: LlmGameOptions = {},
  ) {
    this.kept = opts.keepCalls === true ? [] : null;
  }

  /** The calls kept (`keepCalls`), in the order they were made. */
  calls(): readonly KeptCall[] {
    return this.kept ?? [];
  }

  agent(spec: LlmSpec, seat: number): Agent {
    // A spec the run was not told about is a bug in the caller: it fails here, not mid-game.
    this.seats.set(seat, emptyUsage(seat, spec.text, this.run.model(spec).price !== undefined));
    return new LlmAgent(spec, seat, this, { choiceOrder: this.opts.shuffleChoices === true ? this.gameSeed : undefined, wording: this.opts.wording, names: this.opts.names === true ? this.gameSeed : undefined });
  }

  note(at: CallSite, kind: NoteKind, text: string): void {
    // A failure's text is a provider's (masked as an error text); the others are the model's own words.
    const secrets = this.run.secrets;
    this.notesList.push({ seat: at.seat, decision: at.decision, attempt: at.attempt, seatEvents: at.seatEvents, kind, text: kind === 'failure' ? secrets.text(text) : secrets.exact(text) });
  }

  notes(): readonly LlmNote[] {
    return this.notesList;
  }

  /** The driver's options: re-asks, and a note for each fallback played for an LLM seat. */
  playOptions(): PlayOptions {
    return {
      retries: this.run.retries,
      onInvalid: (error, d, fallback) => {
        if (!fallback || !this.seats.has(d.seat)) return;
        const last = [...this.notesList].reverse().find((n) => n.seat === d.seat && n.decision === d.id);
        const played = `played "${answerLabel(d, fallbackAnswer(d))}" for it`;
        this.notesList.push({
          seat: d.seat,
          decision: d.id,
          attempt: last === undefined ? 0 : last.attempt,
          seatEvents: last?.seatEvents ?? 0,
          kind: 'fallback',
          // A failed call is not asked again (NoAnswer): one failure, then the fallback.
          text: last?.kind === 'failure' ? `${played}: its call failed (${last.text})` : `${played} after ${this.run.retries + 1} wrong answers (last: ${error.message})`,
        });
      },
    };
  }

  /** The record's answer when it has one; else (live) the provider's, recorded. */
  async call(spec: LlmSpec, req: LlmRequest, at: CallSite): Promise<CallResult> {
    const result = await this.answer(spec, req, at);
    if (this.kept !== null) {
      const answer = result.ok ? (result.reply.structured !== undefined ? JSON.stringify(result.reply.structured) : result.reply.text) : result.error.message;
      const rejections = req.rejections.map((r) => r.error);
      this.kept.push({ seat: at.seat, decision: at.decision, attempt: at.attempt, system: req.system, user: req.user, rejections, answer, ok: result.ok });
    }
    return result;
  }

  private async answer(spec: LlmSpec, req: LlmRequest, at: CallSite): Promise<CallResult> {
    const run = this.run;
    const seed = this.opts.samplingSeed?.(at);
    const body = requestBody(spec.provider, seed === undefined ? req : { ...req, seed });
    const sample = this.opts.sampleOf?.(at) ?? sampleName(this.gameSeed, at.seat, at.decision, at.attempt);
    const key = callKey(spec.provider, spec.model, sample, body, PROMPT_VERSION);
    const rec = this.recordOp(() => run.store.get(key));
    if (rec !== undefined && (rec.status === 'ok' || run.opts.retryFailed !== true)) return this.fromRecord(spec, at.seat, rec);
    if (run.mode === 'replay' || (this.opts.recordThrough !== undefined && at.decision <= this.opts.recordThrough)) {
      const recorded = this.recordOp(() => run.store.versionsOfGame(this.gameSeed));
      if (recorded.length > 0 && !recorded.includes(PROMPT_VERSION)) throw new LlmStop(otherPromptVersion(this.gameSeed, recorded), 'game');
      throw new LlmStop(
        `replay: the record has no answer for P${at.seat + 1}'s decision #${at.decision} (attempt ${at.attempt + 1}) in game ${this.gameSeed}; run it live to complete the record`,
        'game',
      );
    }
    const stopped = run.stopped();
    if (stopped !== null) throw new LlmStop(stopped.message, 'run');
    return this.fromProvider(spec, at.seat, body, key, sample);
  }

  private fromRecord(spec: LlmSpec, seat: number, rec: StoredCall): CallResult {
    this.count(spec, seat, { cached: true, failed: rec.status === 'failed', requests: 0, failedRequests: {}, input: rec.inputTokens, output: rec.outputTokens, cost: rec.cost, paid: 0 });
    if (rec.status === 'failed') return { ok: false, error: rec.error ?? { kind: 'bad-response', message: 'failed' } };
    const reply = this.run.model(spec).adapter.read(rec.response);
    if (typeof reply === 'string') return { ok: false, error: { kind: 'bad-response', message: `${spec.provider}: ${reply}` } };
    return { ok: true, raw: rec.response, reply };
  }

  private async fromProvider(spec: LlmSpec, seat: number, body: Record<string, unknown>, key: string, sample: string): Promise<CallResult> {
    const run = this.run;
    const m = run.model(spec);
    const promptTokens = estimateTokens(body) + hiddenPromptTokens(spec.provider, spec.format);
    // The most this call can cost: what the budget holds for it while it is in flight.
    const worst = m.price ? costOf(m.price, promptTokens, spec.maxTokens) : 0;
    const sent = await sendWithRetries({
      adapter: m.adapter,
      body,
      limiter: m.limiter,
      estimatedTokens: promptTokens + spec.maxTokens,
      policy: run.policy,
      clock: run.clock,
      beforeFirstSend: () => {
        const s = run.stopped();
        if (s !== null) throw new LlmStop(s.message, 'run');
        if (!run.budget.reserve(worst)) {
          run.stop('budget', run.budget.refusal(worst));
          throw new LlmStop(run.stopped()!.message, 'run');
        }
      },
      onWait: run.opts.onWait === undefined ? undefined : (ms, e) => run.opts.onWait!(spec.text, ms, e),
      secrets: run.secrets,
    });
    const input = sent.ok ? sent.reply.inputTokens : 0;
    const output = sent.ok ? sent.reply.outputTokens : 0;
    const cost = m.price === undefined ? null : costOf(m.price, input, output);
    run.budget.settle(worst, cost ?? 0);
    const counted = { cached: false, failed: !sent.ok, requests: sent.attempts, failedRequests: sent.failed, input, output, cost, paid: cost ?? 0 };
    if (!sent.ok && (sent.error.kind === 'fatal' || sent.error.kind === 'connection' || sent.error.kind === 'unsent')) {
      // Its requests were sent (none if it could not be made): they count, though the call is not recorded.
      this.count(spec, seat, counted);
      // Every call would fail the same way (a refused key, an unknown model, a server that
      // cannot be reached even after the retries, a request that cannot be made): the run
      // stops rather than play its games with fallbacks. Not recorded: once it is fixed, the
      // call is asked again. The URL is shown without its credentials.
      const where = m.baseURL === undefined ? 'the server' : maskUrl(m.baseURL);
      const message =
        sent.error.kind === 'connection'
          ? `${sent.error.message}: cannot reach ${where} (is the server up, and the base URL right?)`
          : sent.error.kind === 'unsent'
            ? `${sent.error.message}: check the base URL ${where}`
            : sent.error.message;
      run.stop('fatal', message);
      throw new LlmStop(message, 'run');
    }
    this.recordOp(() => run.store.put({
      key,
      provider: spec.provider,
      model: spec.model,
      sample,
      request: body,
      status: sent.ok ? 'ok' : 'failed',
      response: sent.ok ? sent.raw : null,
      error: sent.ok ? null : sent.error,
      inputTokens: input,
      outputTokens: output,
      cost,
      attempts: sent.attempts,
      latencyMs: sent.latencyMs,
      run: run.runId,
      version: PROMPT_VERSION,
    }));
    this.count(spec, seat, counted);
    return sent.ok ? { ok: true, raw: sent.raw, reply: sent.reply } : { ok: false, error: sent.error };
  }

  /** A read or write of the record: its failure is the host's, not the model's (runs/db-file.ts seatFileOp). */
  private recordOp<T>(op: () => T): T {
    return seatFileOp(() => `the LLM record ${this.run.store.path}`, op);
  }

  private count(spec: LlmSpec, seat: number, c: CallCount): void {
    this.run.count(spec, c);
    const u = this.seats.get(seat)!;
    u.calls++;
    if (c.cached) u.cachedCalls++;
    u.inputTokens += c.input;
    u.outputTokens += c.output;
    u.cost = u.cost === null || c.cost === null ? null : u.cost + c.cost;
    u.newCost += c.paid;
  }

  /** The game is over: its seats' counts and notes go to the record in one transaction. */
  finish(played: PlayedGame): GameUsage {
    const usage = this.usage(played);
    // A game replayed wholly from the record has the same notes as when it was played:
    // the counts stored then (what was paid) are kept.
    const replayed = usage.calls === usage.cachedCalls && this.run.store.usage(this.gameKey).length > 0;
    if (!replayed) this.run.store.saveGame(this.gameKey, this.notesList, usage.seats);
    return usage;
  }

  /** The seats' counts of a finished game, without writing them (`sim show` replays read-only). */
  usage(played: PlayedGame): GameUsage {
    const seats = [...this.seats.values()].sort((a, b) => a.seat - b.seat);
    for (const u of seats) {
      u.invalid = played.invalid[u.seat] ?? 0;
      u.fallbacks = played.fallbacks[u.seat] ?? 0;
      u.decisions = played.asked[u.seat] ?? 0;
    }
    const sum = (f: (u: SeatUsage) => number) => seats.reduce((a, u) => a + f(u), 0);
    return {
      seats,
      calls: sum((u) => u.calls),
      cachedCalls: sum((u) => u.cachedCalls),
      inputTokens: sum((u) => u.inputTokens),
      outputTokens: sum((u) => u.outputTokens),
      cost: seats.some((u) => u.cost === null) ? null : sum((u) => u.cost ?? 0),
      newCost: sum((u) => u.newCost),
    };
  }
}
