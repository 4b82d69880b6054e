// The names control (agents/llm/names.ts): every seat of a game gets the same names, drawn
// from the game's seed; a prompt renamed and a reply's names turned back lose nothing:
// for every decision of games with every role, the renamed prompt holds no label of a
// seat, and turning its names back gives the prompt as built, text, schema and all.

import { describe, expect, it } from 'vitest';
import { PLAYER_NAMES, Renamer, seatNames } from '../../../agents/llm/names.js';
import { buildPrompt } from '../../../agents/llm/prompt.js';
import { playSync } from '../../../agents/play.js';
import { randomAgent } from '../../../agents/random.js';
import type { Agent } from '../../../agents/types.js';
import { Game, gameSeed, MAX_PLAYERS } from '../../../engine/index.js';
import { setupOf } from '../../helpers/llm.js';

describe('seat names', () => {
  it('are distinct, one per seat up to the largest table, and the same for the same game', () => {
    expect(new Set(PLAYER_NAMES).size).toBe(PLAYER_NAMES.length);
    expect(PLAYER_NAMES.length).toBeGreaterThanOrEqual(MAX_PLAYERS);
    for (const n of PLAYER_NAMES) expect(n).toMatch(/^[A-Z][a-z]+$/);
    expect(seatNames('s#1', 12)).toEqual(seatNames('s#1', 12));
    expect(seatNames('s#1', 12)).not.toEqual(seatNames('s#2', 12));
    expect(new Set(seatNames('s#1', MAX_PLAYERS)).size).toBe(MAX_PLAYERS);
  });

  it.each([
    ['P1 votes for P12.', 'Anouk votes for Lisandre.'],
    ['P13 is no seat of a 12-player game; P10, P2.', 'P13 is no seat of a 12-player game; Jocelyn, Bastien.'],
    ['"P3" said: I saw P4: werewolf.', '"Corentin" said: I saw Delphine: werewolf.'],
    ['XP1 and P1x are not labels', 'XP1 and P1x are not labels'],
  ])('%s ↔ %s', (labels, names) => {
    const r = new Renamer(PLAYER_NAMES.slice(0, 12));
    expect(r.toNames(labels)).toBe(names);
    expect(r.toLabels(names)).toBe(labels);
  });

  it('renames the keys and strings of a JSON value, both ways', () => {
    const r = new Renamer(['Anouk', 'Bastien']);
    const schema = { required: ['P1', 'P2'], properties: { P1: { enum: ['P2', 'none'] } } };
    const named = r.deep(schema, 'names');
    expect(named).toEqual({ required: ['Anouk', 'Bastien'], properties: { Anouk: { enum: ['Bastien', 'none'] } } });
    expect(r.deep(named, 'labels')).toEqual(schema);
  });
});

describe('a prompt under the names control', () => {
  it('holds no seat label, and its names turned back give the prompt as built, for every decision', () => {
    const roles = 'werewolf=3,villager,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper';
    const setup = setupOf({ preset: 'classic', players: 13, roles });
    let asked = 0;
    for (let g = 0; g < 3; g++) {
      const seed = gameSeed('names', g);
      const r = new Renamer(seatNames(seed, 13));
      const spy: Agent = {
        name: 'spy',
        decide(ctx) {
          const p = buildPrompt(ctx.observe(), ctx.decision, [{ when: 'Day 1', text: 'P2 lied about P5' }], 'schema');
          for (const text of [p.system, p.user, JSON.stringify(p.schema)]) {
            const named = r.toNames(text);
            expect(named).not.toMatch(/\bP([1-9]|1[0-3])\b/);
            expect(r.toLabels(named)).toBe(text);
          }
          asked++;
          return randomAgent.decide(ctx);
        },
      };
      playSync(new Game(setup, seed), Array(13).fill(spy));
    }
    expect(asked).toBeGreaterThan(100);
  });
});
