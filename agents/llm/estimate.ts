// The dry run: what a run would cost, before anything is spent. It plays sample games in
// which every LLM seat is a stand-in that builds the very prompt the model would get
// (same rules, history, notes, schema; the request body measured in characters / 4)
// and then answers like the random agent, with a speech and notes of a typical length.
// Per model: calls and prompt tokens per game, answer tokens at `answerTokens` per call
// (expected) and at the spec's maxTokens (the ceiling), times the price, times games.
// An estimate: real games last longer or shorter than random ones, wrong answers add
// calls, reasoning models spend hidden output tokens, and no tokenizer is used.

import { playSync } from '../play.js';
import { randomAnswer } from '../random.js';
import { seatAgents, type Seating } from '../registry.js';
import type { Agent, DecisionContext } from '../types.js';
import { Game } from '../../engine/index.js';
import type { Answer } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import type { GameSetup } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';
import { llmSpecsOf } from './kinds.js';
import { builtinPrices, costOf, priceAt, usd, type PriceTable } from './prices.js';
import { buildPrompt, type Note } from './prompt.js';
import { estimateTokens, hiddenPromptTokens, requestBody } from './providers/index.js';
import type { LlmSpec } from './spec.js';
import { roundedGrouped } from '../../narrate/numbers.js';

export interface EstimateRequest {
  readonly setup: GameSetup;
  readonly seating: Seating;
  readonly games: number;
  readonly seed: string | number;
  readonly prices?: PriceTable | undefined;
  /** Games simulated to measure (default: min(games, 20)). */
  readonly sampleGames?: number | undefined;
  /** Expected answer tokens per call (default 200; reasoning models spend far more). */
  readonly answerTokens?: number | undefined;
}

export interface ModelEstimate {
  readonly spec: string;
  readonly callsPerGame: number;
  readonly inputTokensPerGame: number;
  readonly outputTokensPerGame: number;
  /** USD; null without a price. */
  readonly costPerGame: number | null;
  /** USD if every answer used maxTokens. */
  readonly maxCostPerGame: number | null;
  readonly cost: number | null;
  readonly maxCost: number | null;
}

export interface RunEstimate {
  readonly games: number;
  readonly sampleGames: number;
  readonly models: readonly ModelEstimate[];
  readonly costPerGame: number | null;
  readonly cost: number | null;
  readonly maxCost: number | null;
  /** Models without a price (their cost is unknown). */
  readonly unpriced: readonly string[];
}

const TYPICAL_REASONING =
  'Weighing what was said today against the votes so far: the player who pushed hardest against the claimed seer has the most to hide, ' +
  'and the quiet one who followed the majority is either a cautious villager or a wolf hiding in the crowd. I will keep my role hidden for now.';
const TYPICAL_SPEECH =
  'I have been watching the votes. Yesterday two of you voted together without a word of reason, and that worries me more than any claim. ' +
  'I would like to hear from those who have said nothing so far before we decide.';

interface Tally {
  calls: number;
  inputTokens: number;
}

/** Builds each prompt a model would get, measures it, and answers at random. */
class StandIn implements Agent {
  readonly name: string;
  private readonly notes: Note[] = [];

  constructor(
    private readonly spec: LlmSpec,
    private readonly tally: Tally,
  ) {
    this.name = `dry-run:${spec.text}`;
  }

  decide(ctx: DecisionContext): Answer {
    const d = ctx.decision;
    const p = buildPrompt(ctx.observe(), d, this.notes, this.spec.format);
    const body = requestBody(this.spec.provider, {
      model: this.spec.model,
      system: p.system,
      user: p.user,
      schema: p.schema,
      format: this.spec.format,
      maxTokens: this.spec.maxTokens,
      temperature: this.spec.temperature,
      rejections: [],
    });
    this.tally.calls++;
    this.tally.inputTokens += estimateTokens(body) + hiddenPromptTokens(this.spec.provider, this.spec.format);
    this.notes.push({ when: `Day 1, ${d.kind}`, text: TYPICAL_REASONING });
    const a = randomAnswer(d, ctx.rng);
    if (a.kind === 'speech') return { kind: 'speech', claims: [], text: TYPICAL_SPEECH };
    if (a.kind === 'pack') return { ...a, say: TYPICAL_SPEECH.slice(0, 120) };
    return a;
  }
}

export function estimateRun(req: EstimateRequest): Result<RunEstimate, string> {
  if (!Number.isInteger(req.games) || req.games < 1) return err(`the number of games is a whole number ≥ 1, not ${req.games}`);
  const specs = llmSpecsOf(req.seating);
  const prices = req.prices ?? builtinPrices();
  const answerTokens = req.answerTokens ?? 200;
  const sample = Math.max(1, Math.min(req.sampleGames ?? 20, req.games));
  const tallies = new Map<string, Tally>(specs.map((s) => [s.text, { calls: 0, inputTokens: 0 }]));
  for (let i = 0; i < sample; i++) {
    const game = new Game(req.setup, gameSeed(req.seed, i));
    const { agents } = seatAgents(req.seating, game.state.seats.map((s) => s.dealt), {
      llm: { agent: (spec) => new StandIn(spec, tallies.get(spec.text)!) },
    });
    playSync(game, agents);
  }
  const unpriced: string[] = [];
  const models: ModelEstimate[] = specs.map((spec) => {
    const t = tallies.get(spec.text)!;
    const calls = t.calls / sample;
    const input = t.inputTokens / sample;
    const output = calls * answerTokens;
    const price = priceAt(prices, spec.provider, spec.model, spec.baseURL);
    if (price === undefined) unpriced.push(spec.text);
    const perGame = price === undefined ? null : costOf(price, input, output);
    const maxPerGame = price === undefined ? null : costOf(price, input, calls * spec.maxTokens);
    return {
      spec: spec.text,
      callsPerGame: calls,
      inputTokensPerGame: input,
      outputTokensPerGame: output,
      costPerGame: perGame,
      maxCostPerGame: maxPerGame,
      cost: perGame === null ? null : perGame * req.games,
      maxCost: maxPerGame === null ? null : maxPerGame * req.games,
    };
  });
  const total = (f: (m: ModelEstimate) => number | null): number | null =>
    models.some((m) => f(m) === null) ? null : models.reduce((a, m) => a + (f(m) ?? 0), 0);
  return ok({ games: req.games, sampleGames: sample, models, costPerGame: total((m) => m.costPerGame), cost: total((m) => m.cost), maxCost: total((m) => m.maxCost), unpriced });
}

/** The estimate as lines of text, for `--dry-run`. */
export function estimateText(e: RunEstimate): string {
  const lines = [`Estimate for ${e.games} game${e.games === 1 ? '' : 's'} (measured on ${e.sampleGames} simulated game${e.sampleGames === 1 ? '' : 's'}; not a quote):`];
  const n = roundedGrouped;
  for (const m of e.models)
    lines.push(
      `  ${m.spec}: ${m.callsPerGame.toFixed(1)} calls/game, ~${n(m.inputTokensPerGame)} prompt + ~${n(m.outputTokensPerGame)} answer tokens/game, ` +
        `${usd(m.costPerGame)}/game (at most ${usd(m.maxCostPerGame)}); run: ${usd(m.cost)} (at most ${usd(m.maxCost)})`,
    );
  lines.push(`  total: ${usd(e.cost)} (at most ${usd(e.maxCost)}); per game ${usd(e.costPerGame)}`);
  if (e.unpriced.length > 0) lines.push(`  no price for ${e.unpriced.join(', ')}: add them with --llm-prices FILE`);
  return lines.join('\n');
}
