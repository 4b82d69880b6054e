// `sim sprt` end to end (the CLI, in-process): the decision and the pair it comes at depend
// on the games alone — not on workers, batches, reruns or a kill -9 — and a refused test
// writes nothing. The statistics themselves are tested in test/stats/sprt.test.ts.

import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, removeDir, sim, storedGames, tempDir } from '../helpers/sim-cli.js';
import { killOnceStored, simChild } from '../helpers/sim-process.js';
import { resolveSetup } from '../../engine/index.js';
import { planSprt, runSprt } from '../../tournaments/sprt.js';
import type { SprtScan } from '../../stats/sprt.js';
import { liveLlr } from '../../scripts/cli/sprt.js';

const dir = tempDir('sprt');
afterAll(() => removeDir(dir));

// heuristic:fakeClaim=0.5 wins about 4 points more often as the werewolves than heuristic
// (docs/sequential.md), and the two disagree on about 7% of the deals.
const PAIR = ['sprt', '--candidate', 'heuristic:fakeClaim=0.5', '--baseline', 'heuristic', '--side', 'werewolves', '--seed', 'cli', '--max-games', '2000'];
const TEST = [...PAIR, '--delta', '0.03'];
const DECISION = ['decision', 'games', 'llr', 'lower', 'upper', 'estimate', 'low', 'high'] as const;

async function json(args: string[]): Promise<Record<string, unknown>> {
  const r = await sim([...args, '--json'], dir);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

const decisionOf = (j: Record<string, unknown>) => Object.fromEntries(DECISION.map((k) => [k, j[k]]));

describe('sim sprt', () => {
  let base: Record<string, unknown>;
  beforeAll(async () => {
    base = await json([...TEST, '--batch', '20', '--workers', '0', '--db', 'b20.db']);
  });

  it('decides, with its LLR past a bound and an interval around the estimate', () => {
    expect(base.decision).toMatch(/^H[01]$/);
    expect(base.games).toBeGreaterThan(20);
    expect(Math.abs(base.llr as number)).toBeGreaterThanOrEqual(base.upper as number);
    expect(base.low as number).toBeLessThanOrEqual(base.estimate as number);
    expect(base.high as number).toBeGreaterThanOrEqual(base.estimate as number);
    expect(base.stored).toEqual([Math.ceil((base.games as number) / 20) * 20, Math.ceil((base.games as number) / 20) * 20]);
  });

  it('leaves its runs finished by design: listed so, not resumed, not incomplete in the report', async () => {
    const stored = base.stored as number[];
    const runs = await sim(['runs', '--db', 'b20.db'], dir);
    expect(runs.stdout).toMatch(new RegExp(`games ${stored[0]}/2000 +finished by design \\(a sequential test's decision \\(H[01]\\)\\s+after ${base.games} pairs\\)`));
    expect(runs.stdout).not.toMatch(/INCOMPLETE/);
    const runsJson = JSON.parse((await sim(['runs', '--db', 'b20.db', '--json'], dir)).stdout) as { ended: string | null }[];
    expect(runsJson.every((r) => r.ended !== null)).toBe(true);
    // And to SQL: run_progress says finished, not complete, and why.
    const raw = new Database(join(dir, 'b20.db'), { readonly: true });
    const progress = raw.prepare('SELECT * FROM run_progress ORDER BY run').all() as { stored: number; planned: number; complete: number; finished: number; ended: string | null }[];
    raw.close();
    expect(progress.map((p) => [p.stored, p.planned, p.complete, p.finished])).toEqual(stored.map((n) => [n, 2000, 0, 1]));
    for (const p of progress) expect(p.ended).toMatch(/^a sequential test's decision \(H[01]\) after \d+ pairs$/);
    const before = storedGames(join(dir, 'b20.db'));
    const resumed = await sim(['resume', '--db', 'b20.db', '--run', '1'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/^run 1 ended by design after [\d,]+ of its 2,000 planned games: a sequential test's decision .* there is nothing to resume, and nothing was played\.$/m);
    expect(storedGames(join(dir, 'b20.db'))).toEqual(before);
    // Finished whichever code played it: a later version says so too (not "played by other code").
    copyFileSync(join(dir, 'b20.db'), join(dir, 'b20-old.db'));
    const old = new Database(join(dir, 'b20-old.db'));
    old.prepare("UPDATE runs SET code_hash = '0123456789abcdef'").run();
    old.close();
    const later = await sim(['resume', '--db', 'b20-old.db', '--run', '1'], dir);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stdout).toMatch(/^run 1 ended by design after/);
    const report = await sim(['report', '--db', 'b20.db'], dir);
    expect(report.code).toBe(0);
    expect(report.stdout).not.toMatch(/INCOMPLETE|incomplete/);
  });

  it('the same decision at the same game with 2 workers, another batch size, and when run again (nothing more played)', async () => {
    expect(decisionOf(await json([...TEST, '--batch', '20', '--workers', '2', '--db', 'w2.db']))).toEqual(decisionOf(base));
    const other = await json([...TEST, '--batch', '35', '--workers', '0', '--db', 'b35.db']);
    expect(decisionOf(other)).toEqual(decisionOf(base));
    expect((other.stored as number[])[0]).toBe(Math.ceil((base.games as number) / 35) * 35);
    const again = await json([...TEST, '--batch', '20', '--workers', '0', '--db', 'b20.db']);
    expect(decisionOf(again)).toEqual(decisionOf(base));
    expect(again.played).toBe(0);
  });

  it('after kill -9 the same command continues to the same decision at the same game, with the games of an uninterrupted test', async () => {
    const child = simChild([...TEST, '--batch', '10', '--workers', '0', '--db', 'killed.db', '--json'], dir);
    await killOnceStored(child, join(dir, 'killed.db'));
    expect(child.signalCode).toBe('SIGKILL');
    const resumed = await json([...TEST, '--batch', '10', '--workers', '0', '--db', 'killed.db']);
    const whole = await json([...TEST, '--batch', '10', '--workers', '0', '--db', 'b10.db']);
    expect(decisionOf(resumed)).toEqual(decisionOf(whole));
    expect(decisionOf(resumed)).toEqual(decisionOf(base));
    for (const run of [1, 2]) expect(storedGames(join(dir, 'killed.db'), run)).toBe(storedGames(join(dir, 'b10.db'), run));
  });

  it('prints the decision, the LLR, the corrected interval and the games, in 80 columns', async () => {
    const r = await sim([...TEST, '--batch', '20', '--workers', '0', '--db', 'b20.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^werewolf-lab sprt: is A = heuristic:fakeClaim=0\.5 better than B = heuristic as\s+the\s+werewolves\s+by 0\.03 or more\?/);
    expect(r.stdout).toMatch(new RegExp(`decision +${base.decision} at game ${base.games} of each`));
    expect(r.stdout).toMatch(/bounds -2\.944 \(H0\) and 2\.944 \(H1\) for alpha 0\.05, beta 0\.05/);
    expect(r.stdout).toMatch(/corrected for the\s+sequential stop/);
    expect(r.stdout).toMatch(/a fixed-size test with the same error rates needs about [\d,]+ games\s+of each/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('shares the runs of the pairings with a tournament of the same seed and size', async () => {
    const j = await json(['tournament', '--agents', 'heuristic:fakeClaim=0.5', '--agents', 'heuristic', '--games', '2000', '--seed', 'cli', '--db', 'b20.db', '--workers', '0']);
    // Only its new pairings are played (the self-plays and the village's pairings);
    // the test's two runs are the tournament's wolves pairings against heuristic, continued.
    const pairings = j.pairings as { wolves: string; village: string; run: number }[];
    const runOf = (w: string) => pairings.find((p) => p.wolves === w && p.village === 'heuristic')!.run;
    expect([runOf('heuristic:fakeClaim=0.5'), runOf('heuristic')]).toEqual(base.runs);
  });
});

const BAD: [string[], RegExp][] = [
  [[...PAIR, '--delta', '0'], /--delta 0: the difference in win rate to detect must be between 0 and 1/],
  [[...PAIR, '--delta', 'big'], /--delta 'big' is not a number/],
  [[...TEST, '--alpha', '0.5'], /--alpha 0\.5: the false-positive rate must be between 0 and 0\.5/],
  [[...TEST, '--beta', '-0.1'], /--beta -0\.1: the false-negative rate must be between 0 and 0\.5/],
  [['sprt', '--candidate', 'heuristic:trust=0.8', '--baseline', 'heuristic', '--side', 'village'], /--candidate heuristic:trust=0\.8 is the baseline \(heuristic\), written otherwise: the two would play the same games/],
  [['sprt', '--candidate', 'random', '--baseline', 'heuristic', '--side', 'wolves'], /--side 'wolves': choose werewolves/],
  [[...TEST, '--max-cost', '3'], /--max-cost applies to runs that seat a model/],
  [[...TEST, '--no-db'], /a sequential test stores its games as runs: it needs a database/],
  [['sprt', '--candidate', 'openai:gpt-4o-mini', '--baseline', 'heuristic', '--side', 'village'], /an entrant is a model: give --max-games N/],
];

describe('sim sprt refuses bad input: one line, exit 2, nothing written', () => {
  it.each(BAD)('sim %j', (args, message) => expectRefused(dir, args, message));
});


// Live standings (the cutechess model): the test heard after each batch, its pairs growing
// by the batch, its last look the decision printed; the bar's label shows its LLR between
// the bounds. (The bar itself draws only on a terminal: not here.)
describe('sim sprt live', () => {
  it('is told the test after each batch, ending at the decision', async () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const plan = planSprt({ candidate: 'heuristic', baseline: 'random', opponent: 'heuristic', side: 'village', design: { delta: 0.1, alpha: 0.05, beta: 0.05 }, maxGames: 2000, batch: 50, setup: setup.value, seed: 'live' });
    if (!plan.ok) throw new Error(plan.error);
    const looks: SprtScan[] = [];
    const out = await runSprt(join(dir, 'live.db'), plan.value, { workers: 0, concurrency: 1 }, { onLook: (s) => looks.push(s) });
    if (!out.ok) throw new Error(out.error);
    const final = out.value.result!.state.scan;
    expect(final.decision).toBe('H1');
    expect(looks.length).toBeGreaterThan(1);
    // Before any game, then once a batch: pairs 0, then up to 50, 100, … and the decision's pair last.
    expect(looks[0]!.pairs).toBe(0);
    for (const [i, s] of looks.slice(1, -1).entries()) expect(s.pairs).toBe(50 * (i + 1));
    expect(looks.at(-1)).toEqual(final);
    expect(liveLlr(final, plan.value.design)).toMatch(/^LLR \+\d\.\d\d \(−2\.94, \+2\.94\)$/);
  });
});
