// The LLM agent of one seat in one game. Each decision: build the prompt from the seat's
// observation, ask the model (through the run: record, limits, budget), read the answer
// strictly, check it against the engine's rules, and either play it or throw with the
// reason, which `playAsync` counts as an invalid answer and asks again; this agent then
// shows the model its rejected answer and the reason (a bounded number of times, then
// the driver plays the documented fallback and charges this seat). A call that failed
// after the transport's own attempts throws `NoAnswer`: the fallback at once, no re-ask.
// Words longer than the engine's MAX_TEXT are cut to it, and the cut is noted.
//
// It keeps its own earlier reasoning (its private notes) and shows it in later prompts,
// so a wolf remembers its lie; nothing else carries over between decisions.

import { validateAnswer, type Answer, type Decision } from '../../engine/index.js';
import type { Observation } from '../../engine/index.js';
import { err, Rng, type Result } from '../../engine/index.js';
import { NoAnswer } from '../play.js';
import type { Agent, DecisionContext } from '../types.js';
import { extractJson, readAnswer, type Json, type ReadAnswer } from './answer.js';
import type { Menu } from './choices.js';
import type { NoteKind } from './notes.js';
import { HistoryLines } from './history.js';
import { buildPrompt, type Note, type Wording } from './prompt.js';
import { Renamer, seatNames } from './names.js';
import type { LlmRequest, Rejection, Reply, TransportError } from './providers/types.js';
import type { LlmSpec } from './spec.js';

/** Where a call is made (for the record's key and the transcript). */
export interface CallSite {
  readonly seat: number;
  readonly decision: number;
  /** 0 for the first ask of a decision, then 1, 2, … for the re-asks. */
  readonly attempt: number;
  /** Events the seat had seen (places its notes in the transcript). */
  readonly seatEvents: number;
}

export type CallResult =
  | { readonly ok: true; readonly raw: unknown; readonly reply: Reply }
  | { readonly ok: false; readonly error: TransportError };

/** What an agent needs from its game's LLM session. */
export interface LlmCalls {
  /** Sends or replays a request. Throws `AbandonGame` when the game or the run must stop. */
  call(spec: LlmSpec, req: LlmRequest, at: CallSite): Promise<CallResult>;
  note(at: CallSite, kind: NoteKind, text: string): void;
}

/** Reads a reply as the answer to `d` (the structured input if any, else the JSON in the text). */
export function readReply(reply: Reply, d: Decision, menu: Menu, players: number): Result<ReadAnswer, string> {
  let value: unknown = reply.structured;
  if (value === undefined) {
    const json = extractJson(reply.text);
    if (!json.ok) {
      const cut = reply.stop === 'length' || reply.stop === 'max_tokens';
      return err(cut ? `${json.error}; the answer was cut off at the token limit: answer more briefly` : json.error);
    }
    value = json.value;
  }
  return readAnswer(value, d, menu, players);
}

function phase(obs: Observation): string {
  for (let i = obs.events.length - 1; i >= 0; i--) {
    const e = obs.events[i]!;
    if (e.type === 'night') return `Night ${e.night}`;
    if (e.type === 'day') return `Day ${e.day}`;
  }
  return 'Start';
}

interface Asking {
  readonly decision: number;
  attempt: number;
  readonly rejections: Rejection[];
}

export class LlmAgent implements Agent {
  readonly name: string;
  private readonly notes: Note[] = [];
  private asking: Asking | null = null;
  /** The beliefs stated with the last answer played (a day vote's), or null. */
  private stated: Float64Array | null = null;
  /** Under the names control: the game's names and labels, made at the first decision. */
  private renamer: Renamer | undefined;
  /** The game log of my prompts, kept from one to the next (history.ts). */
  private readonly history = new HistoryLines();

  constructor(
    private readonly spec: LlmSpec,
    private readonly seat: number,
    private readonly calls: LlmCalls,
    /**
     * The invariance controls a model is told of: the prompt's wording; each decision's
     * order of its choices drawn from `choiceOrder` (the game's seed); the players under
     * names drawn from `names` (the game's seed) instead of P1..Pn.
     */
    private readonly controls: { readonly choiceOrder?: string | undefined; readonly wording?: Wording | undefined; readonly names?: string | undefined } = {},
  ) {
    this.name = spec.text;
  }

  /** The beliefs stated with the last answer played (agents/types.ts: read by the behaviour metrics). */
  werewolfBeliefs(): Float64Array | undefined {
    return this.stated ?? undefined;
  }

  async decide(ctx: DecisionContext): Promise<Answer> {
    const d = ctx.decision;
    this.stated = null;
    if (this.asking?.decision !== d.id) this.asking = { decision: d.id, attempt: 0, rejections: [] };
    const asking = this.asking;
    const obs = ctx.observe();
    const at: CallSite = { seat: this.seat, decision: d.id, attempt: asking.attempt++, seatEvents: obs.events.length };
    // Under the choices control, a stream of this game, seat and decision: a re-ask lists them alike.
    const seed = this.controls.choiceOrder;
    const order = seed === undefined ? undefined : new Rng(seed, `/choices/${this.seat}/${d.id}`);
    const prompt = buildPrompt(obs, d, this.notes, this.spec.format, {
      shuffle: order === undefined ? undefined : (xs) => void order.shuffle(xs),
      wording: this.controls.wording,
      history: this.history,
    });
    // Under the names control the model reads and writes names; the reply is read with labels.
    const names = this.controls.names === undefined ? undefined : (this.renamer ??= new Renamer(seatNames(this.controls.names, obs.players)));
    const out = (t: string) => (names === undefined ? t : names.toNames(t));
    const req: LlmRequest = {
      model: this.spec.model,
      system: out(prompt.system),
      user: out(prompt.user),
      schema: names === undefined ? prompt.schema : (names.deep(prompt.schema, 'names') as Json),
      format: this.spec.format,
      maxTokens: this.spec.maxTokens,
      temperature: this.spec.temperature,
      rejections: asking.rejections.map((r) => ({ raw: r.raw, error: out(r.error) })),
    };
    const result = await this.calls.call(this.spec, req, at);
    if (!result.ok) {
      this.calls.note(at, 'failure', result.error.message);
      throw new NoAnswer(result.error.message);
    }
    const reply = names === undefined ? result.reply : { ...result.reply, text: names.toLabels(result.reply.text), structured: names.deep(result.reply.structured, 'labels') };
    const read = readReply(reply, d, prompt.menu, obs.players);
    const legal = read.ok ? validateAnswer(d, read.value.answer) : undefined;
    const problem = !read.ok ? read.error : legal !== undefined && !legal.ok ? legal.error.message : undefined;
    if (!read.ok || problem !== undefined) {
      const why = problem ?? 'refused';
      asking.rejections.push({ raw: result.raw, error: why });
      const said = reply.structured !== undefined ? JSON.stringify(reply.structured) : reply.text;
      this.calls.note(at, 'invalid', `${why} — it answered: ${said.slice(0, 300)}`);
      throw new Error(why);
    }
    const { answer, reasoning, cut } = read.value;
    this.stated = read.value.beliefs ?? null;
    this.calls.note(at, 'reasoning', reasoning);
    if (cut !== null) this.calls.note(at, 'truncated', `its ${cut.field} was cut to its first ${cut.kept} characters (${cut.dropped} more were dropped)`);
    if (reasoning.trim() !== '') this.notes.push({ when: `${phase(obs)}, ${d.kind}`, text: reasoning.trim() });
    return answer;
  }
}
