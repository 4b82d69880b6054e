// OpenSpiel-style playthroughs and chessops-style perft counts of the engine's decision tree.
//
// A playthrough is one game written down step by step: every decision the engine owes,
// its legal answers (a speech is open: any claims), the answer given (the random agent's,
// from the seat's own stream), and the events that answer let happen, each with who sees
// it — which is every seat's new view, since an observation is a pure filter of the log.
// One per preset, and one each for 004's Harvest Festival and New Moon, the most
// intricate rules. UPDATE_GOLDEN=1 rewrites them; a change to the rules shows as a diff.
//
// Perft: from a fixed deal (the seed), the number of answer sequences of each length the
// engine accepts, every legal answer tried at every decision (a speech counted as one: no
// claims). Exact counts for tiny decks, derived by hand where the tree is small enough
// (below) and pinned where it is not.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { randomAnswer } from '../../agents/random.js';
import { Game, gameSeed, legalAnswers, resolveSetup, seatStream, type Answer, type Decision, type GameSetup, type Rng, type SetupRequest } from '../../engine/index.js';
import { audience, describe as describeEvent } from '../../narrate/transcript.js';

function setupOf(req: SetupRequest): GameSetup {
  const r = resolveSetup(req);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const P = (s: number) => `P${s + 1}`;

/** A decision in words: its kind, the seat, and what it carries beside its legal answers. */
function owed(d: Decision): string {
  const { kind, seat, id } = d;
  return `#${id} ${P(seat)} ${kind}`;
}

/** An answer in short: a target decision's as the seat named (or "pass"), any other as its JSON. */
function answerText(a: Answer): string {
  const keys = Object.keys(a);
  if (keys.length === 2 && 'target' in a) return a.target === null ? 'pass' : P(a.target as number);
  return JSON.stringify(a);
}

/** One game, step by step (see the file's header). */
function playthrough(req: SetupRequest, seed: string, index: number): string {
  const setup = setupOf(req);
  const g = new Game(setup, gameSeed(seed, index));
  const roles = g.state.seats.map((s) => s.dealt);
  const rngs = new Map<number, Rng>();
  const out: string[] = [
    `# ${JSON.stringify(req)}, game ${index} of seed ${seed} (game seed ${gameSeed(seed, index)})`,
    `# rules: ${JSON.stringify(setup.options)}`,
    `# dealt: ${roles.map((r, s) => `${P(s)} ${r}`).join(', ')}`,
  ];
  let seen = 0;
  const events = () => {
    for (; seen < g.log.length; seen++) {
      const e = g.log[seen]!;
      const text = describeEvent(e);
      const { vis: _vis, ...rest } = e;
      out.push(`    ${audience(e, setup.players, roles) || '[all] '}${text ?? JSON.stringify(rest)}`);
    }
  };
  out.push('  start');
  events();
  let step = 0;
  while (!g.over) {
    const pending = [...g.pending()].sort((a, b) => a.seat - b.seat);
    if (pending.length === 0) throw new Error('the engine owes nothing and the game is not over');
    for (const d of pending) {
      step++;
      const legal = legalAnswers(d);
      const rng = rngs.get(d.seat) ?? seatStream(g.seed, d.seat);
      rngs.set(d.seat, rng);
      const a = randomAnswer(d, rng);
      out.push(`  step ${step}: ${owed(d)}`);
      out.push(`    legal: ${legal === null ? 'open (any claims)' : legal.map(answerText).join(' ')}`);
      out.push(`    answer: ${answerText(a)}`);
      const r = g.submit(d.seat, a, d.id);
      if (!r.ok) throw new Error(`step ${step}: the random answer was refused: ${r.error.message}`);
    }
    events();
  }
  out.push(`  over: ${JSON.stringify(g.outcome()?.winner)}`);
  return out.join('\n') + '\n';
}

const PLAYTHROUGHS = [
  { file: 'playthrough-thiercelieux-10.txt', req: { preset: 'thiercelieux', players: 10 }, seed: 'pt', game: 1 },
  { file: 'playthrough-classic-12.txt', req: { preset: 'classic', players: 12 }, seed: 'pt', game: 0 },
  { file: 'playthrough-introduction-8.txt', req: { preset: 'introduction', players: 8 }, seed: 'pt', game: 0 },
  { file: 'playthrough-standard-8.txt', req: { preset: 'standard', players: 8 }, seed: 'pt', game: 0 },
  { file: 'playthrough-harvest-festival.txt', req: { preset: 'standard', roles: 'werewolf=2,seer,witch,guard,hunter,cupid,villager=3', rules: ['harvestFestival=true'] }, seed: 'pt', game: 0 },
  { file: 'playthrough-new-moon.txt', req: { preset: 'standard', players: 10, rules: ['newMoon=all'] }, seed: 'pt', game: 0 },
] as const;

describe('playthroughs (UPDATE_GOLDEN=1 rewrites them)', () => {
  it.each(PLAYTHROUGHS)('$file', (t) => {
    const text = playthrough(t.req as SetupRequest, t.seed, t.game);
    const path = fileURLToPath(new URL(`./golden/${t.file}`, import.meta.url));
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
    expect(text).toBe(readFileSync(path, 'utf8'));
  });
});

/** The answers tried at a decision: every legal one; a speech as one, without claims. */
function answersOf(d: Decision): Answer[] {
  return legalAnswers(d) ?? [{ kind: 'speech', claims: [] }];
}

/**
 * The decision answered next: of those owed at once and not yet answered (`answered`:
 * ids — the engine lists a simultaneous decision until the last of its batch is in), the
 * lowest seat's.
 */
function next(g: Game, answered: ReadonlySet<number>): Decision | undefined {
  let best: Decision | undefined;
  for (const d of g.pending()) if (!answered.has(d.id) && (best === undefined || d.seat < best.seat)) best = d;
  return best;
}

/**
 * Perft: per length 1…depth, the answer sequences the engine accepts from game `index`
 * of `seed` (a fixed deal), every legal answer tried at every decision; and the games
 * that ended within `depth` answers. A game has no undo, so each node is played again
 * from the start (the trees are tiny).
 */
function perft(setup: GameSetup, seed: string, depth: number): { readonly nodes: number[]; readonly ended: number } {
  const nodes = new Array<number>(depth).fill(0);
  let ended = 0;
  const replay = (path: readonly Answer[]): { g: Game; answered: Set<number> } => {
    const g = new Game(setup, gameSeed(seed, 0));
    const answered = new Set<number>();
    for (const a of path) {
      const d = next(g, answered)!;
      const r = g.submit(d.seat, a, d.id);
      if (!r.ok) throw new Error(`perft: a legal answer was refused: ${r.error.message}`);
      answered.add(d.id);
    }
    return { g, answered };
  };
  const walk = (path: Answer[]): void => {
    const { g, answered } = replay(path);
    if (g.over) {
      ended++;
      return;
    }
    if (path.length === depth) return;
    const d = next(g, answered);
    if (d === undefined) throw new Error('perft: the engine owes nothing and the game is not over');
    for (const a of answersOf(d)) {
      nodes[path.length]!++;
      path.push(a);
      walk(path);
      path.pop();
    }
  };
  walk([]);
  return { nodes, ended };
}

describe('perft: the decision tree of tiny decks, counted exactly', () => {
  // 004, three players dealt by seed 'perft': P1 werewolf, P2 Seer, P3 villager. Night 1:
  // the Seer looks at one of the 2 others (2), the lone werewolf names one of the 2
  // non-werewolves and his proposal is the pack's (4). Day 1, two alive: two speeches
  // (one answer each: no claims), the election's votes (each may name only the other: a
  // tie, voted again, a tie again, and the moderator draws the sheriff — no decision),
  // then the day's votes (each names the other; the sheriff's counts twice): 8 forced
  // answers, and every game is over after 10.
  it('004 standard, werewolf + Seer + villager: every level by hand', () => {
    const r = perft(setupOf({ preset: 'standard', roles: 'werewolf,seer,villager' }), 'perft', 12);
    expect(r).toEqual({ nodes: [2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0], ended: 4 });
  });

  // Four players: the Seer's 3 looks, the pack's 3 victims (9); three
  // speeches (9, 9, 9); three election votes of 2 names each (18, 36, 72); from there the
  // re-votes, draws and day votes are pinned, and the games that end.
  it('004 standard, werewolf + Seer + 2 villagers: the first eight levels by hand, the rest pinned', () => {
    const r = perft(setupOf({ preset: 'standard', roles: 'werewolf,seer,villager=2' }), 'perft', 14);
    expect(r.nodes.slice(0, 8)).toEqual([3, 9, 9, 9, 9, 18, 36, 72]);
    expect(r).toEqual({ nodes: [3, 9, 9, 9, 9, 18, 36, 72, 144, 288, 576, 720, 1056, 1752], ended: 648 });
  });
});
