// A fork: a stored game replayed up to one of its decisions, changed there, and played
// on. Everything is done by wrapping the seats' agents, so the engine, the drivers and
// the agents play exactly as in a run:
//
// - Before the decision, every agent answers as it did: same agents, same seeds, same
//   answers (a model's from the record), so the log up to it is the stored game's.
// - At the decision, the seat's agent is still asked — its random stream, its memory
//   and (for a model) its notes move on exactly as in the stored game — and the edit is
//   played in place of its answer. With no edit the fork is the stored game, byte for
//   byte (test/studies/fork.test.ts).
// - After it, each seat's agent plays on from its own stream, which continues where the
//   stored game had taken it (so a fork is the same on every run). A persuasion study
//   (persuasion.ts) asks instead for fresh streams after the decision — one set per
//   sample, shared by both arms of its comparison (common random numbers), the
//   moderator's included — and stops each arm at the end of the day.
//
// The agent whose answer was replaced is not told: it goes on believing it said what it
// chose to say (a heuristic Seer silenced still counts herself revealed; a model's notes
// keep its reasoning). What changes is what the others heard.

import { AbandonGame, HostFailure } from '../agents/play.js';
import type { Agent, DecisionContext } from '../agents/types.js';
import { Rng, validateAnswer, type Answer, type Decision, type Event, type Game, type Observation } from '../engine/index.js';

/** Thrown by a fork's agents when the part of the game it plays is over (the end of the day). */
export class ForkStop extends AbandonGame {
  override readonly name = 'ForkStop';
}

/** One instance, thrown by every fork that stops: a study stops thousands, and an error's stack is costly to capture. */
const STOP = new ForkStop('the fork stops here: the part of the game it plays is over');

export interface ForkPlan {
  /** The decision changed (its id: `sim show` prints them). */
  readonly at: number;
  /** Played at `at` instead of the agent's answer; undefined: the agent's own. */
  readonly answer?: Answer | undefined;
  /**
   * Fresh streams after `at`: a seat's decision of kind K, the n-th of that kind it is asked
   * after `at`, draws from `alea(fresh + '/' + seat + '/' + K + '/' + n)`; the moderator
   * from `alea(fresh + '/mod')`. Undefined: every stream continues as in the stored game.
   */
  readonly fresh?: string | undefined;
  /** When true before a decision is asked, the fork ends there (ForkStop). */
  readonly stop?: ((game: Game) => boolean) | undefined;
  /**
   * The edit is not shown to the seat that answered `at`: its observations keep the speech
   * it gave in place of the edited one (a study's silenced speaker believes it spoke, so
   * its later moves are not moved by the silence itself). For a speech edit only.
   */
  readonly hiddenFromSpeaker?: boolean | undefined;
}

class ForkSeat implements Agent {
  readonly name: string;
  readonly gameOver?: Agent['gameOver'];

  constructor(
    private readonly inner: Agent,
    private readonly seat: number,
    private readonly game: Game,
    private readonly plan: ForkPlan,
  ) {
    this.name = inner.name;
    if (inner.gameOver !== undefined) this.gameOver = (obs, outcome) => inner.gameOver!(obs, outcome);
  }

  decide(ctx: DecisionContext): Answer | Promise<Answer> {
    const d = ctx.decision;
    const plan = this.plan;
    if (plan.stop?.(this.game) === true) throw STOP;
    if (d.id === plan.at) return this.replace(ctx);
    if (d.id < plan.at) return this.inner.decide(ctx);
    const observe = this.own === null ? ctx.observe : () => this.withOwnSpeech(ctx.observe());
    if (plan.fresh === undefined) return this.inner.decide(this.own === null ? ctx : { ...ctx, observe });
    return this.inner.decide({ decision: d, rng: this.streamOf(d, plan.fresh), lastError: ctx.lastError, observe });
  }

  /** Per decision of this seat after `at`, its stream (a decision asked again keeps its own); and how many of each kind were asked. */
  private readonly streams = new Map<number, Rng>();
  private readonly kindsAsked = new Map<string, number>();

  /**
   * The stream of decision `d`: keyed by its kind and how many of that kind this seat was
   * asked since the fork, not by the order of all its decisions — so when one arm asks a
   * seat something the other does not (a second election round), the seat's next vote still
   * draws what it draws in the other arm.
   */
  private streamOf(d: Decision, fresh: string): Rng {
    let rng = this.streams.get(d.id);
    if (rng === undefined) {
      const n = this.kindsAsked.get(d.kind) ?? 0;
      this.kindsAsked.set(d.kind, n + 1);
      rng = new Rng(fresh, `/${this.seat}/${d.kind}/${n}`);
      this.streams.set(d.id, rng);
    }
    return rng;
  }

  /** The speech this seat gave at `at`, when the edit is hidden from it; and where the log stood then. */
  private own: { readonly answer: Extract<Answer, { kind: 'speech' }>; readonly from: number } | null = null;
  private edited: Event | undefined;

  /** The observation with the edited speech put back as this seat gave it (the same place, the same audience). */
  private withOwnSpeech(obs: Observation): Observation {
    const own = this.own!;
    if (this.edited === undefined) {
      const log = this.game.log;
      for (let i = own.from; i < log.length && this.edited === undefined; i++) {
        const e = log[i]!;
        if (e.type === 'speech' && e.seat === this.seat) this.edited = e;
      }
    }
    const at = this.edited === undefined ? -1 : obs.events.indexOf(this.edited);
    if (at < 0) return obs;
    const events = [...obs.events];
    const edited = this.edited as Extract<Event, { type: 'speech' }>;
    const { text, claims } = own.answer;
    events[at] = { type: 'speech', vis: edited.vis, seat: edited.seat, claims, ...(text === undefined ? {} : { text }) };
    return { ...obs, events };
  }

  /** Keeps the speech this seat gave, as the engine would have logged it, for its later observations (the edit hidden from it). */
  private keep(decision: Decision, answer: Answer): void {
    if (this.plan.hiddenFromSpeaker !== true) return;
    const checked = validateAnswer(decision, answer);
    // An answer the engine refuses was never said: the seat saw the fallback's silence then too.
    if (checked.ok && checked.value.kind === 'speech') this.own = { answer: checked.value, from: this.game.log.length };
  }

  /** Asks the agent as the stored game did, then plays the edit in place of its answer. */
  private replace(ctx: DecisionContext): Answer | Promise<Answer> {
    const plan = this.plan;
    const edit = plan.answer;
    if (plan.fresh !== undefined) this.game.reseedModerator(new Rng(plan.fresh, '/mod'));
    let own: Answer | Promise<Answer>;
    try {
      own = this.inner.decide(ctx);
    } catch (e) {
      // A failing agent would have been charged and replaced by the fallback; the edit stands.
      // Its host failing (a damaged record) is no agent's answer: the driver reports it.
      if (e instanceof AbandonGame || e instanceof HostFailure || edit === undefined) throw e;
      return edit;
    }
    if (edit === undefined) return own;
    if (!(own instanceof Promise)) this.keep(ctx.decision, own);
    return own instanceof Promise
      ? own.then(
          (answer) => {
            this.keep(ctx.decision, answer);
            return edit;
          },
          (e: unknown) => {
            if (e instanceof AbandonGame || e instanceof HostFailure) throw e;
            return edit;
          },
        )
      : edit;
  }
}

/** The seats' agents of `game`, playing the fork `plan`. */
export function forkAgents(agents: readonly Agent[], game: Game, plan: ForkPlan): Agent[] {
  return agents.map((a, seat) => new ForkSeat(a, seat, game, plan));
}

/** The day's end: a fork played for the rest of a day stops at the first decision after night falls. */
export function nightAfter(from: number): (game: Game) => boolean {
  let seen = from;
  let night = false;
  return (game) => {
    const log = game.log;
    for (; !night && seen < log.length; seen++) night = log[seen]!.type === 'night';
    return night;
  };
}

/** The number of leading events two logs share, compared as JSON (the fork's prefix check). */
export function sharedPrefix(a: readonly Event[], b: readonly Event[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && JSON.stringify(a[i]) === JSON.stringify(b[i])) i++;
  return i;
}
