// Decision numbers in transcripts (narrate/decisions.ts), as `sim show` prints them for
// `sim fork --at N`: every decision is marked, on the line of the event that says what it
// decided — each speech's number on that speech's line, each ballot's numbers on the
// ballot's line — over every preset and variant.

import { describe, expect, it } from 'vitest';
import { check } from '../helpers/check.js';
import { playSync } from '../../agents/play.js';
import { parseSeating, seatAgents } from '../../agents/registry.js';
import { recordAsked, type DecisionsAsked } from '../../agents/asked.js';
import { Game, gameSeed, resolveSetup } from '../../engine/index.js';
import { decisionMarks, idRanges } from '../../narrate/decisions.js';
import { transcript } from '../../narrate/transcript.js';

describe('decision numbers', () => {
  it.each([
    [[24], '#24'],
    [[31, 32, 33, 34], '#31–34'],
    [[26, 28, 29, 30], '#26,28–30'],
    [[1, 3, 5], '#1,3,5'],
  ])('%j is written %s', (ids, text) => {
    expect(idRanges(ids)).toBe(text);
  });

  it('mark every decision once, on the line of the event it decided', () => {
    let speeches = 0;
    let ballots = 0;
    for (const preset of ['standard', 'classic', 'introduction', 'thiercelieux'])
      for (const rules of [[], ['harvestFestival=true'], ['newMoon=all']])
        for (let i = 0; i < 15; i++) {
          const setup = resolveSetup({ preset, players: 12, rules });
          const seating = parseSeating(['heuristic']);
          if (!setup.ok || !seating.ok) throw new Error('setup');
          const game = new Game(setup.value, gameSeed('marks', i));
          const asked: DecisionsAsked = [];
          playSync(game, recordAsked(seatAgents(seating.value, game.state.seats.map((s) => s.dealt)).agents, game, asked));
          const marks = decisionMarks(game.log, asked);
          // Each decision's number appears in exactly one mark, and no two batches share a line.
          const marked = [...marks.values()].flatMap((m) => {
            check(!m.includes(' '), () => `the mark "${m}" holds a space`);
            return m.slice(1).split(',').flatMap((r) => {
              const [a, b] = r.split('–').map(Number);
              return Array.from({ length: (b ?? a!) - a! + 1 }, (_, k) => a! + k);
            });
          });
          expect(marked.sort((a, b) => a - b)).toEqual(asked.filter((d) => d !== undefined).map((d) => d.id));
          for (const d of asked) {
            if (d === undefined) continue;
            if (d.kind === 'speech') {
              check(game.log[d.asked]?.type === 'speech', () => `speech #${d.id} asked before a ${game.log[d.asked]?.type} event`);
              check(marks.get(d.asked) === `#${d.id}`, () => `speech #${d.id} marked ${marks.get(d.asked)}`);
              speeches++;
            }
          }
          for (const [i, e] of game.log.entries())
            // A vote nobody could cast (every living player away at the Luncheon for Seniors) has no ballot to mark.
            if (e.type === 'votes' && e.votes.length > 0) {
              expect(marks.has(i)).toBe(true);
              ballots++;
            }
          // The transcript writes each mark in its gutter.
          const text = transcript(game.log, { title: 't' }, undefined, { marks });
          for (const m of marks.values()) expect(text).toMatch(new RegExp(`^  ${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +\\S`, 'm'));
        }
    expect(speeches).toBeGreaterThan(1000);
    expect(ballots).toBeGreaterThan(100);
  });
});
