// The heuristic agent: one per seat per game. Before each decision it reads the events
// added to its observation since the last one, then answers through the handler for
// the decision's kind. A kind it has no handler for gets a legal answer all the same:
// the random agent's, else the engine's documented fallback — today the Harvest thief's
// swap and Cupid's secret lover (variants.ts says why). To teach
// it a new kind, add a case to `answer`. The heuristic seats of a game share records
// (the public record, the village's and the bystanders' views: shared.ts), which the
// agent is made with (kind.ts finds them in the game's context).

import { fallbackAnswer, type Answer, type Decision, type PotionDecision, type SacrificeDecision } from '../../engine/index.js';
import type { Rng } from '../../engine/index.js';
import { randomAnswer } from '../random.js';
import type { Agent, DecisionContext } from '../types.js';
import { Beliefs } from './beliefs.js';
import { election, hunter, scapegoat, successor, tieBreak, vote } from './day.js';
import type { Knobs } from './knobs.js';
import { newPlan, type DecisionFor, type Mind, type Plan } from './mind.js';
import { catchGirl, cupid, guard, peek, piper, seer, thief, witch } from './night.js';
import { pack } from './pack.js';
import { SharedRecords } from './shared.js';
import { speech } from './speech.js';
import { defend, friends, medium, pact, potion, punish, sacrifice, vouch } from './variants.js';
import { View, sharedVillageView, viewOf } from './view.js';

/**
 * The answer of the handler for the decision's kind. A switch rather than a table of
 * handlers: its calls are direct, so the optimiser can inline them (through a table, a
 * hundredth of the agent's speed went to the lookup and the call). Target decisions
 * share one member of the `Decision` union, so theirs are narrowed by hand.
 */
function answer(m: Mind, d: Decision, rng: Rng): Answer {
  switch (d.kind) {
    case 'speech':
      return speech(m, d);
    case 'vote':
      return vote(m, d);
    case 'election':
      return election(m, d as DecisionFor<'election'>);
    case 'pack':
      return pack(m, d);
    case 'seer':
      return seer(m, d as DecisionFor<'seer'>);
    case 'successor':
      return successor(m, d as DecisionFor<'successor'>);
    case 'tie-break':
      return tieBreak(m, d as DecisionFor<'tie-break'>);
    case 'hunter':
      return hunter(m, d as DecisionFor<'hunter'>);
    case 'guard':
      return guard(m, d as DecisionFor<'guard'>);
    case 'scapegoat':
      return scapegoat(m, d);
    case 'witch':
      return witch(m, d);
    case 'peek':
      return peek(m, d);
    case 'catch':
      return catchGirl(m, d as DecisionFor<'catch'>);
    case 'thief':
      return thief(m, d);
    case 'cupid':
      return cupid(m, d);
    case 'piper':
      return piper(m, d);
    case 'sacrifice':
      return sacrifice(m, d as SacrificeDecision);
    case 'punish':
      return punish(m, d as DecisionFor<'punish'>);
    case 'defend':
      return defend(m, d);
    case 'vouch':
      return vouch(m, d as DecisionFor<'vouch'>);
    case 'friends':
      return friends(m, d);
    case 'pact':
      return pact(m, d);
    case 'potion':
      return potion(m, d as PotionDecision);
    case 'medium':
      return medium(m, d);
    default:
      return unknownKindAnswer(d, rng);
  }
}

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
  private currentRng: Rng | null = null;
  private planMade: Plan | null = null;

  constructor(
    readonly name: string,
    readonly knobs: Knobs,
    readonly seat: number,
    /** The game's records, shared with its other heuristic seats (kind.ts); without them the seat keeps its own. */
    private readonly shared: SharedRecords = new SharedRecords(),
  ) {}

  get b(): Beliefs {
    return this.beliefs!;
  }

  /** Made on first use: most seats (villagers with no card to reveal) never plan anything. */
  get plan(): Plan {
    return (this.planMade ??= newPlan());
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

  /**
   * My suspicion of each seat (view.ts: the probability that it is a werewolf, as I see it
   * now), for the behaviour metrics' belief scores. Read after a decision: the view was
   * computed for it or is computed now from the same beliefs, and caches nothing a later
   * decision would see differently.
   */
  werewolfBeliefs(): readonly number[] | undefined {
    return this.beliefs === null ? undefined : this.mine().p;
  }

  decide(ctx: DecisionContext): Answer {
    const obs = ctx.observe();
    if (this.beliefs === null) {
      if (obs.seat !== this.seat) throw new Error(`the heuristic agent of seat ${this.seat} was given seat ${obs.seat}'s observation`);
      this.beliefs = new Beliefs(obs, this.knobs, this.shared);
    }
    this.beliefs.update(obs);
    this.currentRng = ctx.rng;
    return answer(this, ctx.decision, ctx.rng);
  }
}
