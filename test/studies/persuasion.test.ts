// Persuasion measured by intervention (studies/persuasion.ts, study.ts, summary.ts), on
// stored runs of bots:
// - the random agent says nothing, so silencing it moves nothing: every figure exactly 0
//   (fails if the two arms of a sample drew from different streams: the control below
//   plays that mutation and finds votes moved);
// - silencing the heuristic Seer's claim lowers the votes on the werewolf she named, with
//   a 95% interval over games that excludes 0 (fails if the silence were not played: the
//   arms are then the same game and the shift is exactly 0). 80 games here (the bound
//   still fails under that mutation); the figure on 1,000 games is measured by
//   scripts/persuasion-check.ts and given in docs/studies.md;
// - a heuristic wolf's fake Seer claim (fakeClaim=1), silenced, changes who goes out in a
//   measurable share of days (interval above 0);
// - a study stopped part-way and continued has exactly the figures of one that was not.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup, type SetupRequest } from '../../engine/index.js';
import { WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { Store } from '../../runs/storage.js';
import { armPlans, fakeSeer, measureSpeech, seerNaming, speechesOf, type ArmPlayer, type SpeechResult } from '../../studies/persuasion.js';
import { replayTraced } from '../../studies/stored.js';
import { botArms, measureInMemory, openStudy, planStudy, playStudy, type StudyRequest } from '../../studies/study.js';
import { studySpeeches } from '../../studies/study-store.js';
import { namedWolfShift, speechMean, summarize, type PersuasionRow } from '../../studies/summary.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';
import { memoryGame } from './helpers.js';

const dir = tempDir('persuasion');
afterAll(() => removeDir(dir));

function config(setup: SetupRequest, agents: string[], seed: string): RunConfig {
  const s = resolveSetup(setup);
  const seating = parseSeating(agents);
  if (!s.ok || !seating.ok) throw new Error('setup');
  return { setup: s.value, seed, seating: seating.value, games: 1000, shard: WHOLE_RUN };
}

let files = 0;
/** A run of `games` games stored in a fresh file; the file's store, open to write. */
async function stored(setup: SetupRequest, agents: string[], games: number, seed = 'p'): Promise<Store> {
  const store = Store.open(join(dir, `s${files++}.db`), 'write');
  if (!store.ok) throw new Error(store.error);
  await runGames({ ...config(setup, agents, seed), games }, { workers: 0, concurrency: 1, store: store.value });
  return store.value;
}

async function study(store: Store, req: Partial<StudyRequest> = {}, stopAfter?: number): Promise<SpeechResult[]> {
  const plan = planStudy(store, { runs: [1], samples: 4, seed: 's', ...req });
  if (!plan.ok) throw new Error(plan.error);
  const { study: row } = openStudy(store, plan.value);
  let games = 0;
  const r = await playStudy({ store, plan: plan.value, study: row, engine: {}, stopping: () => stopAfter !== undefined && games >= stopAfter, onGame: () => games++ });
  if (!r.ok) throw new Error(r.error);
  return studySpeeches(store, row.id);
}

const row = (rows: readonly PersuasionRow[], q: Partial<PersuasionRow>) => rows.find((r) => Object.entries(q).every(([k, v]) => r[k as keyof PersuasionRow] === v));

describe('persuasion', () => {
  it("random agents' speeches say nothing: silencing them moves nothing, exactly", async () => {
    const store = await stored({ preset: 'standard', players: 8 }, ['random'], 40);
    const speeches = await study(store);
    expect(speeches.length).toBeGreaterThan(300);
    const rows = summarize(speeches);
    for (const metric of ['vote-shift', 'outcome-shift', 'side-shift'] as const)
      for (const side of ['village', 'werewolves'] as const) expect(row(rows, { side, metric, role: null })).toMatchObject({ value: 0, low: 0, high: 0 });
    expect(speeches.every((s) => s.delta.every((x) => x === 0))).toBe(true);
    store.close();
  });

  it('would see votes move if the two arms drew from different streams (the control of the test above)', async () => {
    const g = memoryGame({ preset: 'standard', players: 8 }, ['random'], 'p', 3);
    const o = await replayTraced(g, undefined);
    if (!o.ok) throw new Error(o.error);
    const arms = botArms(g, o.value);
    // The mutation: the arm without the speech draws from other streams than the arm with it.
    const apart: ArmPlayer = (plan) => arms(plan.answer === undefined ? plan : { ...plan, fresh: `${plan.fresh}/apart` });
    let moved = 0;
    for (const d of speechesOf(o.value, () => true)) {
      const m = await measureSpeech({ run: 0, game: 3, original: o.value, decision: d, samples: 4, studySeed: 's', play: apart });
      if (!m.ok || m.value === null) throw new Error('arm');
      moved += m.value.voteShift;
    }
    expect(moved).toBeGreaterThan(1);
  });

  it.each([
    ['with a sheriff', []],
    ['without one', ['sheriff=false']],
  ])('a silenced speaker is not told: a heuristic among random listeners (who ignore speech) votes as if it spoke, so nothing moves, exactly (%s)', async (_, rules) => {
    // The control: the same arms with the silence shown to the speaker move its own vote.
    let hidden = 0;
    let shown = 0;
    let speeches = 0;
    for (let i = 0; i < 12; i++) {
      const g = memoryGame({ preset: 'standard', players: 8, rules }, ['random', '1=heuristic'], 'told', i);
      const o = await replayTraced(g, undefined);
      if (!o.ok) throw new Error(o.error);
      const arms = botArms(g, o.value);
      const told: ArmPlayer = (plan) => arms({ ...plan, hiddenFromSpeaker: false });
      for (const d of speechesOf(o.value, () => true).filter((d) => d.seat === 0)) {
        const a = await measureSpeech({ run: 0, game: i, original: o.value, decision: d, samples: 4, studySeed: 's', play: arms });
        const b = await measureSpeech({ run: 0, game: i, original: o.value, decision: d, samples: 4, studySeed: 's', play: told });
        if (!a.ok || a.value === null || !b.ok || b.value === null) throw new Error('arm');
        speeches++;
        hidden += a.value.voteShift;
        shown += b.value.voteShift;
      }
    }
    expect(speeches).toBeGreaterThan(10);
    expect(hidden).toBe(0);
    expect(shown).toBeGreaterThan(0);
  });

  it("silencing the heuristic Seer's claim lowers the votes on the werewolf she named (95% interval over games above 0)", async () => {
    // The Seer's speeches that name a werewolf she saw, measured as a study measures them (in memory: only those).
    const named = await measureInMemory({ config: config({ preset: 'standard', players: 8 }, ['heuristic'], 'seer'), games: 80, samples: 4, seed: 's', pick: seerNaming });
    expect(named.length).toBeGreaterThan(20);
    const e = speechMean(named, namedWolfShift);
    expect(e.n).toBe(named.length);
    expect(e.low).toBeGreaterThan(0);
    expect(e.value).toBeGreaterThan(1);
  });

  it("silencing a heuristic wolf's fake Seer claim (fakeClaim=1) changes who goes out in a measurable share of days", async () => {
    const fakes = await measureInMemory({ config: config({ preset: 'standard', players: 8 }, ['heuristic', 'werewolves=heuristic:fakeClaim=1'], 'fake'), games: 80, samples: 4, seed: 's', pick: fakeSeer });
    expect(fakes.length).toBeGreaterThan(40);
    const e = speechMean(fakes, (s) => s.outcomeShift);
    expect(e.low).toBeGreaterThan(0.05);
  });

  it('separates words from claims: on bots (claims, no words) silencing the claims is silencing all, exactly, and silencing the words measures nothing', async () => {
    const cfg = config({ preset: 'standard', players: 8 }, ['heuristic'], 'seer');
    const all = await measureInMemory({ config: cfg, games: 30, samples: 2, seed: 's', pick: seerNaming });
    const claims = await measureInMemory({ config: cfg, games: 30, samples: 2, seed: 's', pick: seerNaming, silence: 'claims' });
    expect(all.length).toBeGreaterThan(5);
    expect(claims).toEqual(all);
    expect(speechMean(claims, namedWolfShift).value).toBeGreaterThan(0);
    expect(await measureInMemory({ config: cfg, games: 30, samples: 2, seed: 's', pick: seerNaming, silence: 'words' })).toEqual([]);
  });

  it('builds the arm without the speech from what it silences: claims keep the words, words keep the claims', () => {
    const claim = { type: 'suspect' as const, target: 2 };
    const d = { id: 7, seat: 0, kind: 'speech' as const, asked: 3, decision: {} as never, answer: { kind: 'speech' as const, claims: [claim], text: 'P3 is lying' } };
    expect(armPlans(d, 'f', 'all').without.answer).toEqual({ kind: 'speech', claims: [] });
    expect(armPlans(d, 'f', 'claims').without.answer).toEqual({ kind: 'speech', claims: [], text: 'P3 is lying' });
    expect(armPlans(d, 'f', 'words').without.answer).toEqual({ kind: 'speech', claims: [claim] });
    // The arm with the speech is the speech as said, whatever is silenced in the other.
    expect(armPlans(d, 'f', 'words').with.answer).toBeUndefined();
  });

  it('continued after a stop, a study has exactly the figures of one played at once', async () => {
    const a = await stored({ preset: 'classic', players: 8 }, ['heuristic'], 8, 'r');
    const b = await stored({ preset: 'classic', players: 8 }, ['heuristic'], 8, 'r');
    const whole = await study(a, { samples: 2 });
    const part = await study(b, { samples: 2 }, 3);
    expect(new Set(part.map((s) => s.game)).size).toBe(3);
    const rest = await study(b, { samples: 2 });
    expect(rest).toEqual(whole);
    // Run again, it measures nothing new.
    expect(await study(b, { samples: 2 })).toEqual(whole);
    a.close();
    b.close();
  });
});
