// A persuasion study, planned and played: the games it reads (a run's, or every pairing
// run of a tournament; the first N of each with --games), the agents whose speeches it
// measures and the reference agent beside them, K samples per speech. It is an entry of
// its own in the database (study-store.ts), found again by the key of its request, so
// the same command after a stop (Ctrl-C, kill -9, a budget) measures only the games it
// lacks; a game's figures depend only on the game, the study's seed and K, so a study
// stopped and continued has exactly the figures of one that was not.

import { createHash } from 'node:crypto';
import { parseAgentSpec } from '../agents/registry.js';
import type { AskedDecision } from '../agents/asked.js';
import type { Game } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import type { WrapAgents } from '../runs/games.js';
import type { LlmStore } from '../runs/llm/store.js';
import type { RunConfig } from '../runs/run-config.js';
import type { RunRow, Store } from '../runs/storage.js';
import { codeHash } from '../runs/version.js';
import { DEFAULT_REFERENCE } from '../tournaments/schedule.js';
import { pairings, tournament as tournamentRow } from '../tournaments/tournament-store.js';
import { ForkStop, forkAgents, type ForkPlan } from './fork.js';
import { measureSpeech, silences, speechesOf, STUDY_VERSION, type ArmPlayer, type Silence, type SpeechResult } from './persuasion.js';
import { gameOf, replayTraced, storedGame, type ReplayedGame, type StoredGame, type TracedGame } from './stored.js';
import { createStudy, findStudy, measuredGames, saveStudyGame, type StudyRow } from './study-store.js';

export interface StudyRequest {
  /** The runs whose games are read (empty with a tournament: its pairing runs). */
  readonly runs: readonly number[];
  readonly tournament?: number | undefined;
  /** The first N games of each run (default: all stored). */
  readonly games?: number | undefined;
  /** The agents whose speeches are measured (specs; default: every agent of the games). */
  readonly agents?: readonly string[] | undefined;
  /** The agent whose figures are shown beside (default: the tournament's reference, else heuristic). */
  readonly reference?: string | undefined;
  readonly samples: number;
  readonly seed: string;
  /** What the arm without a speech takes from it (persuasion.ts `Silence`; default all). */
  readonly silence?: Silence | undefined;
}

export interface StudyPlan {
  /** What the study reads, in words: "run 3", "tournament 2 (9 runs)". */
  readonly label: string;
  readonly games: readonly StoredGame[];
  /** Games of the chosen range that are not stored (not played to their end): not read. */
  readonly missing: number;
  /** The agents measured (the reference among them when it plays in these games). */
  readonly agents: readonly string[];
  readonly reference: string;
  /** Whether the reference plays in these games (else its column is empty). */
  readonly referenceSeated: boolean;
  readonly samples: number;
  readonly seed: string;
  readonly silence: Silence;
  /** Whether any game seats a model (it is then replayed from the LLM record, and its arms ask the models). */
  readonly llm: boolean;
  readonly key: string;
  readonly request: Record<string, unknown>;
}

function canonical(spec: string, flag: string): Result<string, string> {
  const s = parseAgentSpec(spec);
  return s.ok ? ok(s.value.text) : err(`${flag}: ${s.error}`);
}

/** The study a request asks for: its games found and checked, its agents canonical, its key. */
export function planStudy(store: Store, req: StudyRequest): Result<StudyPlan, string> {
  let runs: RunRow[];
  let label: string;
  let reference = req.reference;
  if (req.tournament !== undefined) {
    const t = tournamentRow(store, req.tournament);
    if (t === undefined) return err(`${store.path} has no tournament ${req.tournament} (sim runs --db ${store.path} lists its runs; sim tournament plays one)`);
    runs = pairings(store, t.id).map((p) => store.run(p.run)!);
    label = `tournament ${t.id} (${runs.length} run${runs.length === 1 ? '' : 's'})`;
    reference ??= t.reference ?? undefined;
  } else {
    runs = [];
    for (const id of req.runs) {
      const r = store.run(id);
      if (r === undefined) {
        const ids = store.runs().map((x) => x.id);
        return err(`${store.path} has no run ${id}; its runs are ${ids.length === 0 ? 'none' : ids.join(', ')}`);
      }
      runs.push(r);
    }
    label = runs.map((r) => `run ${r.id}`).join(', ');
  }
  const ref = canonical(reference ?? DEFAULT_REFERENCE, '--reference');
  if (!ref.ok) return ref;
  const seated = new Set(runs.flatMap((r) => store.agents(r.id)));
  const agents: string[] = [];
  for (const a of req.agents ?? []) {
    const c = canonical(a, '--agents');
    if (!c.ok) return c;
    if (!seated.has(c.value)) return err(`--agents ${c.value} plays in none of the games of ${label}; they seat ${[...seated].join(', ')}`);
    if (!agents.includes(c.value)) agents.push(c.value);
  }
  if (agents.length === 0) agents.push(...seated);
  const referenceSeated = seated.has(ref.value);
  if (referenceSeated && !agents.includes(ref.value)) agents.push(ref.value);
  const games: StoredGame[] = [];
  let missing = 0;
  for (const r of runs) {
    const stop = req.games === undefined ? r.stop : Math.min(r.stop, r.first + req.games);
    for (let i = r.first; i < stop; i++) {
      const g = storedGame(store, r.id, i, 'studied');
      if (!g.ok) return g;
      if (g.value.row === undefined) missing++;
      else games.push(g.value);
    }
  }
  if (games.length === 0) return err(`${label} has no stored game to study${missing > 0 ? ` (${missing} not played to their end: sim resume plays them)` : ''}`);
  const silence = req.silence ?? 'all';
  const request = {
    version: STUDY_VERSION,
    runs: runs.map((r) => ({ key: r.key, shard: `${r.shardK}/${r.shardN}` })),
    games: req.games ?? null,
    agents,
    reference: ref.value,
    samples: req.samples,
    seed: req.seed,
    // A study of the whole speech keeps the key it had before the other silences existed.
    ...(silence === 'all' ? {} : { silence }),
  };
  const key = createHash('sha256').update(JSON.stringify({ ...request, code: codeHash() })).digest('hex').slice(0, 16);
  return ok({
    label,
    games,
    missing,
    agents,
    reference: ref.value,
    referenceSeated,
    samples: req.samples,
    seed: req.seed,
    silence,
    llm: games.some((g) => g.llm),
    key,
    request: { ...request, label, runIds: runs.map((r) => r.id) },
  });
}

/** The study's entry in the file: found again by its key, else made (the file is open to write). */
export function openStudy(store: Store, plan: StudyPlan): { readonly study: StudyRow; readonly created: boolean } {
  const found = findStudy(store, plan.key);
  if (found !== undefined) return { study: found, created: false };
  return { study: createStudy(store, { key: plan.key, kind: 'persuasion', request: plan.request, codeHash: codeHash() }), created: true };
}

/** Plays an arm of a bot game: at once, stopped at the end of the day. */
export function botArms(g: StoredGame, original: TracedGame): ArmPlayer {
  return (plan: ForkPlan) => {
    let game: Game | undefined;
    const wrap: WrapAgents = (agents, gm) => {
      game = gm;
      return forkAgents(agents, gm, plan);
    };
    try {
      const p = g.player.playSync(g.index, wrap);
      return Promise.resolve(ok({ game: p.game, played: p.played, specs: p.specs, asked: [] }));
    } catch (e) {
      if (e instanceof ForkStop && game !== undefined) return Promise.resolve(ok({ game, played: null, specs: original.specs, asked: [] }));
      throw e;
    }
  };
}

/** How the arms of a game are played: bots at once, games with models through the study's LLM session. */
export interface StudyEngine {
  /** The LLM record the games with models are replayed from. */
  readonly record?: LlmStore | undefined;
  /** The arms of a speech of a game with models (llm-study.ts). */
  readonly modelArms?: ((g: StoredGame, original: TracedGame, d: AskedDecision) => ArmPlayer) | undefined;
}

export interface StudyRun {
  /** Games measured now, and in all. */
  readonly measured: number;
  readonly total: number;
  /** Set when the study stopped before its end: why (a model session stopped, Ctrl-C). */
  readonly stopped: string | null;
}

/** Replays a game of the study and checks it against its stored result. */
async function original(g: StoredGame, engine: StudyEngine): Promise<Result<ReplayedGame, string>> {
  const r = await replayTraced(g, engine.record);
  if (!r.ok) return r;
  if (r.value.matches === false)
    return err(`game ${g.index} of run ${g.run.id} does not replay to its stored result (the run was played by other code, ${g.run.codeHash}): it cannot be studied by this version`);
  return r;
}

/**
 * Checks, before anything is written, that each game of the plan not measured yet by
 * `study` replays to its stored result (a study refused midway would leave its entry in
 * the file). One replay a game: small beside the 2K arms of each of its speeches.
 */
export async function checkReplays(o: { readonly store: Store; readonly plan: StudyPlan; readonly study: StudyRow | undefined; readonly record: LlmStore | undefined }): Promise<Result<void, string>> {
  const done = o.study === undefined ? new Set<string>() : measuredGames(o.store, o.study.id);
  for (const g of o.plan.games) {
    if (done.has(`${g.run.id}:${g.index}`)) continue;
    const r = await original(g, { record: o.record });
    if (!r.ok) return r;
  }
  return ok(undefined);
}

/** Measures the study's games not measured yet, storing each game's speeches as one transaction. */
export async function playStudy(o: {
  readonly store: Store;
  readonly plan: StudyPlan;
  readonly study: StudyRow;
  readonly engine: StudyEngine;
  readonly stopping?: (() => boolean) | undefined;
  readonly onGame?: ((done: number, total: number) => void) | undefined;
}): Promise<Result<StudyRun, string>> {
  const { plan, store } = o;
  const done = measuredGames(store, o.study.id);
  const measured = new Set(plan.agents);
  let now = 0;
  let count = [...plan.games].filter((g) => done.has(`${g.run.id}:${g.index}`)).length;
  for (const g of plan.games) {
    if (done.has(`${g.run.id}:${g.index}`)) continue;
    if (o.stopping?.() === true) return ok({ measured: now, total: count, stopped: 'interrupted (Ctrl-C)' });
    const r = await original(g, o.engine);
    if (!r.ok) return r;
    const results: SpeechResult[] = [];
    for (const [i, d] of speechesOf(r.value, (spec) => measured.has(spec)).filter((d) => silences(d, plan.silence)).entries()) {
      const arms = g.llm ? o.engine.modelArms?.(g, r.value, d) : botArms(g, r.value);
      if (arms === undefined) throw new Error('a game with models needs the study engine\'s modelArms');
      const m = await measureSpeech({ run: g.run.id, game: g.index, original: r.value, decision: d, samples: plan.samples, studySeed: plan.seed, play: arms, checkPrefix: i === 0, silence: plan.silence });
      if (!m.ok) return m;
      if (m.value === null) return ok({ measured: now, total: count, stopped: 'the LLM session stopped' });
      results.push(m.value);
    }
    saveStudyGame(store, o.study.id, g.run.id, g.index, results);
    now++;
    count++;
    o.onGame?.(count, plan.games.length);
  }
  return ok({ measured: now, total: count, stopped: null });
}

/** `--dry-run`: the speeches and arms a study would play, and for models the calls, tokens and dollars (from the stored games' own). */
export interface StudyEstimate {
  readonly games: number;
  readonly speeches: number;
  readonly arms: number;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** USD; null when a model has no price. */
  readonly cost: number | null;
}

/**
 * Estimates the study by replaying its games (games with models from the record: free):
 * each speech plays 2K arms; an arm asks the models about as many calls as the stored game
 * made from the speech to the end of its day, each costing the seat's recorded mean.
 */
export async function estimateStudy(plan: StudyPlan, record: LlmStore | undefined): Promise<Result<StudyEstimate, string>> {
  const measured = new Set(plan.agents);
  let speeches = 0;
  let calls = 0;
  let input = 0;
  let output = 0;
  let cost: number | null = 0;
  for (const g of plan.games) {
    const r = await replayTraced(g, record);
    if (!r.ok) return r;
    const rep = r.value;
    const list = speechesOf(rep, (spec) => measured.has(spec)).filter((d) => silences(d, plan.silence));
    speeches += list.length;
    if (!g.llm) continue;
    const made = new Map<number, number>();
    for (const d of rep.asked) if (d !== undefined) made.set(d.seat, (made.get(d.seat) ?? 0) + 1);
    const log = rep.game.log;
    for (const s of list) {
      let night = log.length;
      for (let i = s.asked; i < log.length; i++)
        if (log[i]!.type === 'night') {
          night = i;
          break;
        }
      for (const d of rep.asked) {
        if (d === undefined || d.id <= s.id || d.asked >= night) continue;
        const u = rep.usage.find((x) => x.seat === d.seat);
        if (u === undefined || u.calls === 0) continue;
        const per = 2 * plan.samples / made.get(d.seat)!;
        calls += u.calls * per;
        input += u.inputTokens * per;
        output += u.outputTokens * per;
        cost = cost === null || u.cost === null ? null : cost + u.cost * per;
      }
    }
  }
  return ok({ games: plan.games.length, speeches, arms: 2 * plan.samples * speeches, calls, inputTokens: input, outputTokens: output, cost });
}

/**
 * Measures the speeches `pick` chooses in games [0, games) of a bot configuration held in
 * memory (scripts and tests: no database, nothing stored), as a study measures them.
 */
export async function measureInMemory(o: {
  readonly config: RunConfig;
  readonly games: number;
  readonly samples: number;
  readonly seed: string;
  readonly pick: (original: TracedGame, d: AskedDecision) => boolean;
  readonly silence?: Silence | undefined;
}): Promise<SpeechResult[]> {
  const out: SpeechResult[] = [];
  for (let i = 0; i < o.games; i++) {
    const g = gameOf(o.config, i);
    if (g.llm) throw new Error('measureInMemory plays bots only');
    const r = await replayTraced(g, undefined);
    if (!r.ok) throw new Error(r.error);
    for (const [k, d] of speechesOf(r.value, () => true).filter((d) => o.pick(r.value, d) && silences(d, o.silence ?? 'all')).entries()) {
      const m = await measureSpeech({ run: 0, game: i, original: r.value, decision: d, samples: o.samples, studySeed: o.seed, play: botArms(g, r.value), checkPrefix: k === 0, silence: o.silence });
      if (!m.ok || m.value === null) throw new Error(m.ok ? 'a bot arm stopped' : m.error);
      out.push(m.value);
    }
  }
  return out;
}
