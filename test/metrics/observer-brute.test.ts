// The ideal observer (metrics/observer/) against a brute force written apart from it:
// on tiny tables, every deal of the deck is played again through the engine itself, with
// the recorded game's public answers (speeches, votes, the medium's question) and every
// possible private answer (the pack's proposals, the guard, the witch), keeping the deals
// for which some private play reproduces the recorded public log, event for event, up to
// a day vote. The posterior is then the share of those deals in which each seat holds a
// werewolf: a uniform prior over the deals consistent with the public record, by
// definition and by the engine's own rules — nothing of the observer's reasoning (the
// pack's reach, nights nobody died, séance answers, the game not yet over) is restated.
//
// The tables are chosen where the observer claims to be exact and where the public facts
// tell seats apart (004's Harvest Festival: the pack eats only a neighbour; New Moon: Gone
// Hunting's men neither wake nor can be eaten, the séance's answers), and where they do
// not (a lone werewolf beside a witch or an Elder: every placement alike).

import { describe, expect, test } from 'vitest';
import { playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { Game, gameSeed, type GameSetup, type Role } from '../../engine/index.js';
import { atEachVote, deals, explain, scriptOf, type Script } from '../helpers/brute.js';
import { setupOf } from '../helpers/metrics.js';

/** The roles of `deal` at the vote if some private play reproduces the record, else null. */
function consistent(setup: GameSetup, seed: string, deal: readonly Role[], recorded: readonly string[], script: Script): Role[] | null {
  let found: Role[] | null = null;
  explain(setup, seed, deal, recorded, script, (roles) => {
    found = roles;
    return true;
  });
  return found;
}

/** P(werewolf) per seat at the day vote whose public prefix is `recorded`, by brute force. */
function bruteForce(setup: GameSetup, seed: string, recorded: readonly string[], script: Script): Float64Array {
  const wolves = new Float64Array(setup.players);
  let worlds = 0;
  for (const deal of deals(setup.deck)) {
    const roles = consistent(setup, seed, deal, recorded, script);
    if (roles === null) continue;
    worlds++;
    roles.forEach((r, s) => {
      if (r === 'werewolf') wolves[s]!++;
    });
  }
  if (worlds === 0) throw new Error('no deal reproduces the recorded game');
  return wolves.map((w) => w / worlds);
}

const NO_DRAWS = ['sheriff=false', 'tie=none', 'packRounds=1'];

const TABLES = [
  { name: 'Harvest Festival: the pack eats a neighbour', req: { roles: 'werewolf=2,villager=4', rules: ['harvestFestival=true', ...NO_DRAWS] }, games: 3 },
  { name: 'Harvest Festival with a guard', req: { roles: 'werewolf=2,guard,villager=2', rules: ['harvestFestival=true', ...NO_DRAWS] }, games: 4 },
  {
    name: 'New Moon: Gone Hunting, Spiritualism, Miracle',
    req: { roles: 'werewolf=2,villager=4', rules: ['newMoon=gone-hunting,spiritualism,miracle', ...NO_DRAWS] },
    games: 3,
  },
  { name: 'a lone werewolf, a witch (every placement alike)', req: { roles: 'werewolf,witch,villager=3', rules: NO_DRAWS }, games: 3 },
  { name: 'a lone werewolf, an Elder (every placement alike)', req: { roles: 'werewolf,elder,villager=3', rules: NO_DRAWS }, games: 3 },
];

describe('the ideal observer equals a brute force over deals replayed through the engine', () => {
  test.each(TABLES)('$name', ({ req, games }) => {
    const setup = setupOf(req);
    let votes = 0;
    let informative = 0;
    for (let i = 0; i < games; i++) {
      const seed = gameSeed('brute', i);
      const game = new Game(setup, seed);
      playSync(game, new Array(setup.players).fill(randomAgent));
      const script = scriptOf(game.log);
      atEachVote(setup, game.log, (observer, recorded) => {
        const post = observer.posterior();
        expect(post.exact).toBe(true);
        const brute = bruteForce(setup, seed, recorded, script);
        for (let s = 0; s < setup.players; s++) expect(post.p[s], `game ${i}, vote ${votes}, seat ${s}`).toBeCloseTo(brute[s]!, 12);
        votes++;
        const living = [...brute].filter((p) => p > 0 && p < 1);
        if (living.some((p) => Math.abs(p - living[0]!) > 1e-9)) informative++;
      });
    }
    expect(votes).toBeGreaterThan(games);
    // The Harvest Festival and New Moon tables must include votes where the public facts tell seats apart.
    if (req.rules.some((r) => r.startsWith('harvestFestival') || r.startsWith('newMoon'))) expect(informative).toBeGreaterThan(0);
  });
});
