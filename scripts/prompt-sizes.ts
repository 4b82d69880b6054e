// How long the LLM prompts are: plays --games games (default 10) of an 8-player standard
// table and a 12-player classic one with heuristic agents, builds at every decision of
// every seat the prompt an LLM seat would be sent there, and prints characters per prompt
// (system + user; mean and max, and the system text alone).
//
//   npm run build && node dist/scripts/prompt-sizes.js [--games 10] [--seed size]

import { buildPrompt } from '../agents/llm/prompt.js';
import { playSync } from '../agents/play.js';
import { seatAgents } from '../agents/registry.js';
import type { Agent } from '../agents/types.js';
import { Game, gameSeed } from '../engine/index.js';
import { args, fail, whole } from './lib/args.js';
import { table } from './lib/play-many.js';

const USAGE = 'usage: node dist/scripts/prompt-sizes.js [--games N] [--seed S]';
const opts = args(USAGE, { games: { type: 'string' }, seed: { type: 'string' } });
const games = whole('games', opts.games, 10);
const seed = opts.seed ?? 'size';

for (const [preset, players] of [['standard', 8], ['classic', 12]] as const) {
  const t = table({ preset, players }, ['heuristic']);
  if (!t.ok) fail(t.error);
  const total: number[] = [];
  const system: number[] = [];
  for (let i = 0; i < games; i++) {
    const game = new Game(t.value.setup, gameSeed(seed, i));
    const { agents } = seatAgents(t.value.seating, game.state.seats.map((s) => s.dealt));
    const measured: Agent[] = agents.map((a) => ({
      name: a.name,
      decide(ctx) {
        const p = buildPrompt(ctx.observe(), ctx.decision, [], 'schema');
        total.push(p.system.length + p.user.length);
        system.push(p.system.length);
        return a.decide(ctx);
      },
    }));
    playSync(game, measured);
  }
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(
    `${preset} ${players} players, ${games} heuristic games, ${total.length} prompts: ` +
      `characters per prompt mean ${mean(total)}, max ${Math.max(...total)}; system text ${Math.min(...system)}–${Math.max(...system)}`,
  );
}
