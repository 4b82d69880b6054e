// docs/api.md, example 1: one game with an agent of your own, in ten lines. The agent
// answers every decision with the first legal answer (a speech: silence); the others play
// at random. Run: npx tsx examples/api/one-game.ts
import { Game, gameSeed, legalAnswers, resolveSetup, type Outcome } from 'werewolf-lab/engine';
import { playSync, randomAgent, type Agent } from 'werewolf-lab/agents';

export function oneGame(seed = 'api'): Outcome {
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  const first: Agent = { name: 'first', decide: (ctx) => legalAnswers(ctx.decision)?.[0] ?? randomAgent.decide(ctx) };
  const game = new Game(setup.value, gameSeed(seed, 0));
  return playSync(game, [first, ...Array<Agent>(7).fill(randomAgent)]).outcome;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const o = oneGame();
  console.log(`${o.winner} won after ${o.days} days; P1 ${o.seats[0]!.won ? 'won' : 'lost'} as ${o.seats[0]!.dealt}`);
}
