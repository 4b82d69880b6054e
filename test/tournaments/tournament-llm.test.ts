// `sim tournament` with a model among the entrants, against the fake providers on
// 127.0.0.1 (never the internet): the dry run calls and writes nothing; a tournament
// plays its model pairings through one LLM session and stores each pairing as a run that
// `sim show` replays from the record; --max-cost holds across the whole tournament, and
// the same command with a larger budget finishes it with the games of an uninterrupted
// one, no call paid twice; a provider that refuses the first call leaves nothing behind.

import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, sim, storedContents, tempDir } from '../helpers/sim-cli.js';
import { fakeProviders, simEnv } from '../helpers/llm.js';

const dir = tempDir('tournament-llm');
afterAll(() => removeDir(dir));
const serve = fakeProviders();
const envFor = simEnv;

const FAST = ['--llm-timeout', '5', '--llm-retry-after-cap', '0.05'];
// A model against the random agent: 4 pairings, 3 of them seat the model.
const ENTRANTS = ['--agents', 'openai:gpt-4o-mini', '--agents', 'random'];

describe('sim tournament with a model', () => {
  it('--dry-run estimates every pairing that seats the model; calls nothing, writes nothing', async () => {
    const s = await serve();
    const empty = tempDir('tdry');
    try {
      const r = await sim(['tournament', ...ENTRANTS, '--games', '50', '--dry-run', '--max-cost', '0.01'], empty, envFor(s.url, false));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Estimate for the tournament's 3 pairings that seat a model, 50 games each\s/);
      expect(r.stdout).toMatch(/^ {2}openai:gpt-4o-mini \(self-play\): \$\d/m);
      expect(r.stdout).toMatch(/^ {2}openai:gpt-4o-mini: ~[\d,]+ calls, ~[\d,]+ prompt \+ ~[\d,]+\s+answer\s+tokens, \$\d/m);
      expect(r.stdout).toMatch(/budget: the estimate is over --max-cost \$0\.01/);
      for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
      const j = JSON.parse((await sim(['tournament', ...ENTRANTS, '--games', '50', '--dry-run', '--json'], empty, envFor(s.url, false))).stdout);
      expect(j.pairings).toHaveLength(3);
      expect(j.cost).toBeGreaterThan(0);
      expect(j.maxCost).toBeGreaterThan(j.cost);
      expect(readdirSync(empty)).toEqual([]);
      expect(s.received.length).toBe(0);
    } finally {
      removeDir(empty);
    }
  });

  it('plays and rates it; its games are replayed by sim show from the record, with no key', async () => {
    const live = await serve();
    const r = await sim(['tournament', ...ENTRANTS, '--games', '2', '--seed', 'lt', ...FAST, '--db', 't.db', '--json'], dir, envFor(live.url));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ tournament: 1, stored: 8, total: 8, stopped: false });
    expect(j.llm.requests).toBe(live.received.length);
    expect(j.llm.runId).toMatch(/^tournament:[0-9a-f]{16}:/);
    expect(j.model.strengths ?? j.model.error).toBeDefined();
    // The model table is over the tournament's stored games: here every call of this invocation, and each decision its seats owed.
    expect(j.llm.stored).toHaveLength(1);
    expect(j.llm.stored[0]).toMatchObject({ spec: 'openai:gpt-4o-mini', calls: j.llm.models[0].calls, inputTokens: j.llm.models[0].inputTokens });
    expect(j.llm.stored[0].decisions).toBeGreaterThan(0);
    expect(j.llm.stored[0].decisions).toBeLessThanOrEqual(j.llm.stored[0].calls);
    const again = await sim(['tournament', ...ENTRANTS, '--games', '2', '--seed', 'lt', ...FAST, '--db', 't.db'], dir, envFor(live.url));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/tok\/dec/);
    expect(again.stdout).toMatch(/over the tournament's stored games/);
    expect(again.stdout).toMatch(/^  \$\/game +\$\d+\.\d+  openai:gpt-4o-mini \(6 games\)$/m);
    const pairing = (j.pairings as { wolves: string; village: string; run: number }[]).find((p) => p.wolves === 'openai:gpt-4o-mini' && p.village === 'random')!;
    const show = await sim(['show', '--db', 't.db', '--run', String(pairing.run), '--game', '1'], dir, envFor(undefined, false));
    expect(show.stderr).toBe('');
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^ {2}\[P\d private\] /m);
    expect(show.stdout).toMatch(/Replay matches the stored result/);
    const report = await sim(['report', '--db', 't.db', '--tournament', '1'], dir, envFor(undefined, false));
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/Tournament 1 \(side mode\): openai:gpt-4o-mini vs random/);
  });

  it('--max-cost holds across the tournament; the same command with a larger budget finishes it, no call paid twice', async () => {
    writeFileSync(join(dir, 'dear.json'), JSON.stringify({ 'openai:gpt-4o-mini': { input: 1000, output: 1000 } }));
    const cli = ['tournament', ...ENTRANTS, '--games', '2', '--seed', 'budget', ...FAST, '--llm-prices', 'dear.json', '--concurrency', '1', '--json'];
    const ref = await serve();
    const whole = await sim([...cli, '--db', 'whole.db'], dir, envFor(ref.url));
    expect(whole.code).toBe(0);
    const total = ref.received.length;
    const spentWhole = JSON.parse(whole.stdout).llm.spent as number;

    const s1 = await serve();
    const limit = Math.round(spentWhole / 3);
    const first = await sim([...cli, '--db', 'budget.db', '--max-cost', String(limit)], dir, envFor(s1.url));
    expect(first.code).toBe(3);
    expect(first.stderr).toMatch(/^stopped by --max-cost: the budget of \$\d+ is spent .* To go on, run the same sim tournament command again with a larger --max-cost\n$/);
    const o1 = JSON.parse(first.stdout);
    expect(o1.stored).toBeLessThan(8);
    expect(o1.llm.spent).toBeLessThanOrEqual(limit);

    // Without --max-cost the tournament keeps its budget, already spent: it stops again.
    const s2 = await serve();
    const again = await sim([...cli, '--db', 'budget.db'], dir, envFor(s2.url));
    expect(again.code).toBe(3);
    expect(JSON.parse(again.stdout).llm).toMatchObject({ maxCost: limit, stopped: { reason: 'budget' } });

    // One pairing can be continued on its own by sim resume, under its own budget.
    const pairing = (JSON.parse(again.stdout).pairings as { run: number; wolves: string; village: string; stored: number; planned: number }[]).find(
      (p) => p.stored < p.planned,
    )!;
    expect(pairing.wolves === 'random' && pairing.village === 'random').toBe(false);
    const s25 = await serve();
    const one = await sim(['resume', '--db', 'budget.db', '--run', String(pairing.run), '--llm-prices', 'dear.json', '--json'], dir, envFor(s25.url));
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ run: pairing.run, complete: true });

    const s3 = await serve();
    const done = await sim([...cli, '--db', 'budget.db', '--max-cost', '1000000'], dir, envFor(s3.url));
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ tournament: 1, stored: 8, stopped: false });
    expect(storedContents(join(dir, 'budget.db'))).toBe(storedContents(join(dir, 'whole.db')));
    expect(s1.received.length + s2.received.length + s25.received.length + s3.received.length).toBe(total);
  });

  it('a provider that refuses the first call stops it (exit 4) and nothing is kept', async () => {
    const refusing = await serve({ script: () => '401' });
    const d = tempDir('t401');
    try {
      const r = await sim(['tournament', '--agents', 'openai:gpt-4o-mini', '--agents', 'anthropic:claude-haiku-4-5', '--games', '2', ...FAST], d, envFor(refusing.url));
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/^stopped at the first call: .*refused the API key \(401\).* the tournament was not kept/);
      expect(readdirSync(d)).toEqual([]);
    } finally {
      removeDir(d);
    }
  });
});
