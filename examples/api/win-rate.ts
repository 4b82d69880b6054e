// docs/api.md, example 2: 1,000 games of an agent of your own as the werewolves against
// the heuristic village, stored in a results database, and its win rate read back with
// its 95% interval. Run: npx tsx examples/api/win-rate.ts results.db
import { legalAnswers, ok, resolveSetup } from 'werewolf-lab/engine';
import { parseSeating, randomAgent, type Agent, type AgentKind } from 'werewolf-lab/agents';
import { runGames, Store, WHOLE_RUN } from 'werewolf-lab/runs';

/** Votes and hunts the lowest seat it may name; everything else at random. */
const lowest: Agent = {
  name: 'lowest',
  decide: (ctx) => {
    const d = ctx.decision;
    return d.kind === 'vote' || d.kind === 'pack' ? legalAnswers(d)![0]! : randomAgent.decide(ctx);
  },
};

/** A kind makes the agent seatable like the built-in ones: `werewolves=lowest`. */
const lowestKind: AgentKind = { name: 'lowest', summary: 'the lowest seat it may name', async: false, check: () => ok('lowest'), create: () => lowest };

export async function winRate(dbPath: string, games = 1000) {
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  const seating = parseSeating(['heuristic', 'werewolves=lowest'], { kinds: [lowestKind] });
  if (!setup.ok || !seating.ok) throw new Error('bad setup or seating');
  const store = Store.open(dbPath, 'write');
  if (!store.ok) throw new Error(store.error);
  try {
    const config = { setup: setup.value, seed: '1', seating: seating.value, games, shard: WHOLE_RUN };
    const run = await runGames(config, { workers: 0, concurrency: 1, store: store.value });
    const stored = store.value.tally(run.run!.id); // read back from the file
    return { games: stored.games, wolves: stored.wins.werewolves, rate: run.tally.rates().werewolves! };
  } finally {
    store.value.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await winRate(process.argv[2] ?? 'api-example.db');
  console.log(`werewolves won ${r.wolves} of ${r.games}: ${(100 * r.rate.rate).toFixed(1)}% (95% ${(100 * r.rate.low).toFixed(1)}–${(100 * r.rate.high).toFixed(1)}%)`);
}
