// The arms of a persuasion study in a game with models (see persuasion.ts, llm-fork.ts).
// Up to the speech every prompt is the stored game's and the record answers it. After it,
// the models are asked again in both arms: a call is named by the sample (the study's
// seed, the game, the speech, k) with its seat, decision and attempt, so the K samples are
// K draws, a study continued after a stop finds every call it already paid for, and the
// same study run again is answered from the record; both arms send the same sampling
// seed for the same place where the provider takes one (OpenAI, compatible servers).
// Loaded only for studies of games with models (it brings the SDKs).

import { createHash } from 'node:crypto';
import type { AskedDecision } from '../agents/asked.js';
import { gameSeed, ok } from '../engine/index.js';
import type { LlmRun } from '../runs/llm/context.js';
import { sampleName } from '../runs/llm/store.js';
import { playWithModels } from './llm-fork.js';
import type { ArmPlayer } from './persuasion.js';
import type { StoredGame, TracedGame } from './stored.js';

/** A sampling seed (31 bits) from a call's place. */
function seedOf(place: string): number {
  return createHash('sha256').update(place).digest().readUInt32BE(0) >>> 1;
}

/** The arms of the speech at `d` of `g`, played through the study's LLM session `llm`. */
export function modelArms(llm: LlmRun, studyKey: string): (g: StoredGame, original: TracedGame, d: AskedDecision) => ArmPlayer {
  return (g, _original, d) => async (plan) => {
    const fresh = plan.fresh;
    if (fresh === undefined) throw new Error('a study arm draws from fresh streams');
    const arm = plan.answer === undefined ? 'with' : 'without';
    const place = (seat: number, decision: number, attempt: number) => `${fresh}/P${seat + 1}/d${decision}/a${attempt}`;
    const seedOfGame = gameSeed(g.config.seed, g.index);
    const r = await playWithModels({
      llm,
      g,
      gameKey: `study:${studyKey}/${g.gameKey}/d${d.id}/${fresh.slice(fresh.lastIndexOf('/') + 1)}/${arm}`,
      plan,
      options: {
        sampleOf: (at) => (at.decision <= d.id ? sampleName(seedOfGame, at.seat, at.decision, at.attempt) : place(at.seat, at.decision, at.attempt)),
        samplingSeed: (at) => (at.decision <= d.id ? undefined : seedOf(place(at.seat, at.decision, at.attempt))),
      },
    });
    if (!r.ok) return r;
    return ok(r.value.status === 'played' ? r.value.game : null);
  };
}
