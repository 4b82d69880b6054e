// The heuristic agent: one per seat per game. Before each decision it reads the events
// added to its observation since the last one, then answers through the handler for
// the decision's kind. A kind it has no handler for (a variant added later) gets a legal
// answer all the same: the random agent's, else the engine's documented fallback. To
// teach it a new kind, add a handler to HANDLERS.

import { fallbackAnswer, type Answer, type Decision, type DecisionKind } from '../../engine/decisions.js';
import type { Rng } from '../../engine/rng.js';
import { randomAnswer } from '../random.js';
import type { Agent, DecisionContext } from '../types.js';
import { Beliefs } from './beliefs.js';
import { election, hunter, scapegoat, successor, tieBreak, vote } from './day.js';
import type { Knobs } from './knobs.js';
import { newPlan, type DecisionFor, type Mind, type Plan } from './mind.js';
import { cupid, guard, peek, piper, seer, thief, witch } from './night.js';
import { pack } from './pack.js';
import { speech } from './speech.js';
import { View, sharedVillageView, viewOf } from './view.js';

type Handler<K extends DecisionKind> = (m: Mind, d: DecisionFor<K>) => Answer;

const HANDLERS: { readonly [K in DecisionKind]?: Handler<K> } = {
  vote,
  election,
  'tie-break': tieBreak,
  successor,
  hunter,
  scapegoat,
  speech,
  seer,
  guard,
  witch,
  peek,
  thief,
  cupid,
  piper,
  pack,
};

/** A legal answer to a decision kind the agent does not know. */
export function unknownKindAnswer(d: Decision, rng: Rng): Answer {
  const a = randomAnswer(d, rng) as Answer | undefined;
  if (a !== undefined) return a;
  const f = fallbackAnswer(d) as Answer | undefined;
  if (f !== undefined) return f;
  // A shape neither knows: a target decision passes or takes the first target.
  const t = d as unknown as { kind: string; targets?: unknown; mayPass?: unknown };
  const targets = Array.isArray(t.targets) ? (t.targets as number[]) : [];
  return { kind: t.kind, target: t.mayPass === true || targets.length === 0 ? null : targets[0]! } as unknown as Answer;
}

export class HeuristicAgent implements Agent, Mind {
  private beliefs: Beliefs | null = null;
  private mineView: View | null = null;
  private villageView: View | null = null;
  private scratchArray: Float64Array | null = null;
  private currentRng: Rng | null = null;
  readonly plan: Plan = newPlan();

  constructor(
    readonly name: string,
    readonly knobs: Knobs,
    readonly seat: number,
  ) {}

  get b(): Beliefs {
    return this.beliefs!;
  }

  get rng(): Rng {
    return this.currentRng!;
  }

  mine(): View {
    return viewOf(this.b, true, (this.mineView ??= new View(this.b.n)));
  }

  /** Shared by the game's seats where it is the same for all of them (view.ts); else mine, built on first use. */
  village(): View {
    const b = this.b;
    if (!b.knowsPiper) return sharedVillageView(b);
    return viewOf(b, false, (this.villageView ??= new View(b.n)));
  }

  scratch(): Float64Array {
    return this.scratchArray!;
  }

  decide(ctx: DecisionContext): Answer {
    const obs = ctx.observe();
    if (this.beliefs === null) {
      if (obs.seat !== this.seat) throw new Error(`the heuristic agent of seat ${this.seat} was given seat ${obs.seat}'s observation`);
      this.beliefs = new Beliefs(obs, this.knobs);
      this.scratchArray = new Float64Array(obs.players);
    }
    this.beliefs.update(obs);
    this.currentRng = ctx.rng;
    const d = ctx.decision;
    const handler = HANDLERS[d.kind] as Handler<DecisionKind> | undefined;
    return handler === undefined ? unknownKindAnswer(d, ctx.rng) : handler(this, d as never);
  }
}
