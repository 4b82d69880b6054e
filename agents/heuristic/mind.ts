// What a decision handler gets: the beliefs, the two views of them (mine, with private
// knowledge; the village's, from public facts only), the seat's own random stream, the
// knobs, and the plan (choices the agent made earlier and sticks to).

import type { SeenResult } from '../../engine/index.js';
import type { DecisionKind, DecisionOf, PackDecision, TargetDecision, TargetKind, VoteDecision } from '../../engine/index.js';
import type { Rng } from '../../engine/index.js';
import type { Beliefs } from './beliefs.js';
import type { Knobs } from './knobs.js';
import type { View } from './view.js';

/** Choices kept across decisions so that words and deeds agree. */
export interface Plan {
  /** Seer: has claimed the role. */
  seerRevealed: boolean;
  /** Little Girl: has claimed the role. */
  girlRevealed: boolean;
  /** Wolf: drew whether to fake a Seer claim (once per game), and the answer. */
  fakeDrawn: boolean;
  /** Wolf whose claimant is chosen by what the claim serves (packClaimants): the pack's shared answer to whether to fake, drawn once per game (null: not yet). */
  fakeShared: boolean | null;
  faking: boolean;
  /** Wolf faking the Seer: the results he reports, one per night. */
  readonly fakeReports: { readonly target: number; readonly result: SeenResult }[];
  /** Wolf: whether to bus a cornered packmate, decided once per day and packmate. */
  busDay: number;
  busTarget: number;
  busYes: boolean;
}

export function newPlan(): Plan {
  return {
    seerRevealed: false,
    girlRevealed: false,
    fakeDrawn: false,
    fakeShared: null,
    faking: false,
    fakeReports: [],
    busDay: -1,
    busTarget: -1,
    busYes: false,
  };
}

export interface Mind {
  readonly b: Beliefs;
  readonly rng: Rng;
  readonly knobs: Knobs;
  readonly plan: Plan;
  /** My view: public facts and my private knowledge. */
  mine(): View;
  /** The village's view: public facts only (what a werewolf expects the others to think). */
  village(): View;
  /**
   * A werewolf that models the public's belief (the belief agent): what killing `victim`
   * tonight would cost the pack in the public's eyes, in the units of a victim's value
   * (pack.ts subtracts it). Absent: the pack values victims alone.
   */
  packLift?(victim: number): number;
  /**
   * How much a unanimous, trusted intent adds to a target's suspicion when choosing a vote
   * (consensus.ts `lynchTarget`). Absent: the heuristic's constant. An agent whose view
   * already weighs intents as evidence (the belief agent) may count them once.
   */
  readonly bandwagon?: number;
  /**
   * A werewolf that models the public's belief, casting a ballot while the village heads
   * for innocent `heading`: a packmate among the `legal` targets to vote for instead, where that ballot
   * cannot send him out and makes the pack look less likely than joining the village
   * would; -1 to join it. Absent: the pack joins the village.
   */
  packBallot?(heading: number, legal: readonly number[]): number;
  /**
   * A werewolf that models the public's belief chooses the pack's fake Seer by what the
   * claim serves: of the living packmates still to speak today (`candidates`, me among
   * them), those whose claim would make the pack look least likely to the public (more
   * than one where they tie). Every packmate computes the same from what the pack knows.
   * Absent or null: the heuristic's claimant, drawn by the pack's seats (wolf.ts).
   */
  packClaimants?(candidates: readonly number[]): readonly number[] | null;
  /**
   * The player a villager names in its talk (its suspicion and announced intent) among
   * `others` (the living but me; never an ally), where that differs from the vote it
   * would cast now; -1: the vote's target. Absent: the vote's target (speech.ts).
   */
  talkTarget?(others: readonly number[]): number;
}

/** The decision of kind K (target kinds share one union member in `Decision`, so `DecisionOf` cannot pick them out). */
export type DecisionFor<K extends DecisionKind> = K extends 'pack'
  ? PackDecision
  : K extends 'vote'
    ? VoteDecision
    : K extends TargetKind
      ? TargetDecision<K>
      : DecisionOf<K>;
