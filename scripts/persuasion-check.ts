// The persuasion acceptance figures on 1,000 games each (too slow for the test suite on a
// small machine; test/studies/persuasion.test.ts checks the same on 80), printed with
// their 95% intervals (bootstrap over games) and the time taken:
// - random agents: silencing their speech moves nothing (vote, outcome and side shift
//   exactly 0 over every speech);
// - 004's 8-player table, heuristic agents: silencing the Seer's report of a werewolf
//   lowers the votes on that werewolf;
// - the same with the wolves faking a Seer claim (fakeClaim=1): silencing the fake claim
//   changes who goes out in a share of days.
//
//   npm run build && node dist/scripts/persuasion-check.js [--games 1000] [--samples 8] [--seed check]

import { fileURLToPath } from 'node:url';
import { parseSeating } from '../agents/registry.js';
import { resolveSetup } from '../engine/index.js';
import { WHOLE_RUN, type RunConfig } from '../runs/run-config.js';
import { fakeSeer, seerNaming } from '../studies/persuasion.js';
import { measureInMemory } from '../studies/study.js';
import { namedWolfShift, speechMean } from '../studies/summary.js';
import { args, whole } from './lib/args.js';

function configOf(agents: string[], seed: string): RunConfig {
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  const seating = parseSeating(agents);
  if (!setup.ok || !seating.ok) throw new Error('setup');
  return { setup: setup.value, seed, seating: seating.value, games: Number.MAX_SAFE_INTEGER, shard: WHOLE_RUN };
}

async function main(): Promise<void> {
  const USAGE = 'usage: node dist/scripts/persuasion-check.js [--games N] [--samples K] [--seed S]';
  const opts = args(USAGE, { games: { type: 'string' }, samples: { type: 'string' }, seed: { type: 'string' } });
  const games = whole('games', opts.games, 1000);
  const samples = whole('samples', opts.samples, 8);
  const seed = opts.seed ?? 'check';
  const f = (x: number) => x.toFixed(3);
  const line = (label: string, e: { value: number; low: number; high: number; n: number }, t0: number) =>
    console.log(`  ${label}: ${f(e.value)} (95% ${f(e.low)} to ${f(e.high)}), ${e.n} speeches, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`persuasion check: 004, 8 players, ${games} games each, ${samples} samples a speech in each arm, seed ${seed}`);

  let t0 = performance.now();
  const random = await measureInMemory({ config: configOf(['random'], seed), games, samples, seed, pick: () => true });
  const exact = random.every((s) => s.voteShift === 0 && s.outcomeShift === 0 && s.sideShift === 0 && s.delta.every((x) => x === 0));
  line(`random agents, vote shift per speech (exactly 0 in every speech: ${exact ? 'yes' : 'NO'})`, speechMean(random, (s) => s.voteShift), t0);

  t0 = performance.now();
  const seer = await measureInMemory({ config: configOf(['heuristic'], seed), games, samples, seed, pick: seerNaming });
  line("heuristic Seer's report of a werewolf, votes it moved onto him", speechMean(seer, namedWolfShift), t0);

  t0 = performance.now();
  const fake = await measureInMemory({ config: configOf(['heuristic', 'werewolves=heuristic:fakeClaim=1'], seed), games, samples, seed, pick: fakeSeer });
  line("heuristic wolf's fake Seer claim, share of days it changed who went out", speechMean(fake, (s) => s.outcomeShift), t0);
  line("  … and votes it moved (vote shift)", speechMean(fake, (s) => s.voteShift), t0);
  process.exitCode = exact ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
