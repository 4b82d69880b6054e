// A seat played by a person (issue 27: people at the table). The person answers through a
// desk — the table's server, or a test's script — which is shown what the seat owes: the
// decision with its legal choices, the seat's observation (its own, never more: the
// engine's `observe`), and why a previous answer was refused. Every answer the person
// gives is kept in the seat's record, in the order asked, so that a game stopped half-way
// (a lost server, kill -9) is played again from the answers already given, move for move,
// and goes on from where the person was; only then is the desk asked.
//
// A person has a clock per decision: when it runs out the seat forfeits the decision
// (`NoAnswer`: the documented fallback, charged to the seat as any agent's). A forfeit is
// kept in the record too, so the replay forfeits it again.

import type { Answer, Decision, DecisionError, Observation } from '../../engine/index.js';
import { AbandonGame, NoAnswer } from '../play.js';
import { beliefsFromJson, beliefsToJson } from '../beliefs.js';
import type { Agent, DecisionContext } from '../types.js';

/** What the desk shows a person: the decision owed, with what the seat knows. */
export interface Asked {
  /** The seat (0-based). */
  readonly seat: number;
  /** The person's name (`human:NAME`), or '' for a plain `human`. */
  readonly person: string;
  /** How many answers this seat gave before in this game: asks are numbered from 0. */
  readonly n: number;
  readonly decision: Decision;
  /** The seat's observation now: everything the person may be shown, and nothing else. */
  readonly observation: Observation;
  /** Why the answer before was refused (the same decision asked again). */
  readonly lastError?: DecisionError | undefined;
  /** When the clock runs out (ms since the epoch), or null without a clock. */
  readonly deadline: number | null;
}

/** Where a person's decisions go (the table's server; a test's script). */
export interface HumanDesk {
  /** The person's answer; a rejection (or the clock) forfeits the decision. */
  ask(q: Asked): Promise<Answer>;
  /**
   * The beliefs the person stated with their answer to `q`, a day vote (agents/beliefs.ts:
   * per seat the probability of being a werewolf, NaN where none), or null: optional.
   */
  beliefs?(q: Asked): Float64Array | null;
  /** The decision was settled without the person (the clock ran out): the desk stops waiting for it. */
  withdraw?(q: Asked): void;
}

/**
 * An entry of a seat's record: the answer given to its n-th ask (with the beliefs stated at
 * a day vote, null where none: JSON has no NaN), or a forfeit (no answer in time).
 */
export type Given = { readonly answer: Answer; readonly beliefs?: readonly (number | null)[] } | { readonly forfeit: string };

/** A seat's answers in one game, in the order asked (kept where the game's record is). */
export interface HumanRecord {
  given(seat: number, n: number): Given | undefined;
  keep(seat: number, n: number, given: Given): void;
}

export interface HumanSeat {
  readonly seat: number;
  readonly person: string;
  readonly desk: HumanDesk;
  readonly record: HumanRecord;
  /** The clock per decision (ms), or null for none. */
  readonly clockMs: number | null;
  /** The clock's time (Date.now by default; a test's own). */
  readonly now?: () => number;
}

export class HumanAgent implements Agent {
  readonly name: string;
  /** Asks so far in this game (every ask: a refused answer's second asking too). */
  private asked = 0;
  /** The beliefs stated with the answer last given (a day vote's), or null. */
  private stated: Float64Array | null = null;

  constructor(private readonly s: HumanSeat) {
    this.name = s.person === '' ? 'human' : `human:${s.person}`;
  }

  /** The beliefs stated with the last answer (agents/types.ts: read by the behaviour metrics after a day vote). */
  werewolfBeliefs(): Float64Array | undefined {
    return this.stated ?? undefined;
  }

  async decide(ctx: DecisionContext): Promise<Answer> {
    const n = this.asked++;
    const { seat, record } = this.s;
    this.stated = null;
    const kept = record.given(seat, n);
    // A kept answer is played again with its beliefs; one whose beliefs do not fit the table (a damaged file) is asked again.
    if (kept !== undefined) {
      if (!('beliefs' in kept) || kept.beliefs === undefined) return answerOf(kept);
      const players = ctx.observe().players;
      const p = ctx.decision.kind === 'vote' ? beliefsFromJson(kept.beliefs, seat, players) : null;
      if (p !== null) {
        this.stated = p;
        return answerOf(kept);
      }
    }
    const now = this.s.now ?? Date.now;
    const clock = this.s.clockMs;
    const q: Asked = { seat, person: this.s.person, n, decision: ctx.decision, observation: ctx.observe(), lastError: ctx.lastError, deadline: clock === null ? null : now() + clock };
    // A game abandoned meanwhile (a model's run stopped) throws here: nothing is kept, and the replay asks again.
    const reply = await this.answerWithin(q, clock, ctx.abandoned);
    const stated = 'answer' in reply && ctx.decision.kind === 'vote' ? (this.s.desk.beliefs?.(q) ?? null) : null;
    const given: Given = stated === null ? reply : { ...reply, beliefs: beliefsToJson(stated) };
    record.keep(seat, n, given);
    this.stated = stated;
    return answerOf(given);
  }

  /** The desk's answer, or a forfeit when the clock runs out or the desk gives up; `AbandonGame` when another seat abandons the game. */
  private answerWithin(q: Asked, clock: number | null, abandoned: AbortSignal | undefined): Promise<Given> {
    return new Promise<Given>((resolve, reject) => {
      let settled = false;
      const onAbandon = () => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        this.s.desk.withdraw?.(q);
        const why: unknown = abandoned?.reason;
        reject(new AbandonGame(why instanceof Error ? why.message : 'another seat abandoned the game'));
      };
      const settle = (g: Given) => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        abandoned?.removeEventListener('abort', onAbandon);
        resolve(g);
      };
      const timer =
        clock === null
          ? undefined
          : setTimeout(() => {
              settle({ forfeit: `no answer within ${clock / 1000} s` });
              this.s.desk.withdraw?.(q);
            }, clock);
      if (abandoned?.aborted === true) return onAbandon();
      abandoned?.addEventListener('abort', onAbandon, { once: true });
      this.s.desk.ask(q).then(
        (answer) => settle({ answer }),
        (e: unknown) => settle({ forfeit: e instanceof Error ? e.message : String(e) }),
      );
    });
  }
}

function answerOf(g: Given): Answer {
  if ('forfeit' in g) throw new NoAnswer(g.forfeit);
  return g.answer;
}

/** A record in memory (a game's answers while the table serves it; tests). */
export class MemoryRecord implements HumanRecord {
  private readonly entries = new Map<string, Given>();

  given(seat: number, n: number): Given | undefined {
    return this.entries.get(`${seat}/${n}`);
  }

  keep(seat: number, n: number, given: Given): void {
    this.entries.set(`${seat}/${n}`, given);
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }
}
