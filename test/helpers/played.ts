// Games played in memory (random agents) as the analysis reads them: a source for report
// tests that needs no database.

import { playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { Game } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import { mixLabel, resolveSetup, type SetupRequest } from '../../engine/index.js';
import { recordOf, type ConfigInfo, type GameRecord } from '../../reports/records.js';

export interface PlayedConfig {
  readonly config: ConfigInfo;
  readonly games: GameRecord[];
}

export function playConfig(req: SetupRequest, games: number, seed = 'test'): PlayedConfig {
  const setup = resolveSetup(req);
  if (!setup.ok) throw new Error(setup.error);
  const s = setup.value;
  const out: GameRecord[] = [];
  for (let i = 0; i < games; i++) {
    const g = new Game(s, gameSeed(seed, i));
    out.push(recordOf(playSync(g, new Array(s.players).fill(randomAgent)).outcome));
  }
  return { config: { preset: s.preset, players: s.players, deck: mixLabel(s), rules: (req.rules ?? []).join(' '), seating: 'random' }, games: out };
}
