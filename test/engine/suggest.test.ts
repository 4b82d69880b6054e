// "Did you mean" (engine/suggest.ts): the one rule behind every hint about a mistyped
// name, a flag's or a role's or an option's.

import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../engine/index.js';

describe('did you mean', () => {
  it.each([
    ['gmaes', 'games', 1],
    ['games', 'games', 0],
    ['plyers', 'players', 1],
    ['sede', 'seed', 1],
  ])('%s → %s (%i edits)', (word, known, d) => expect(editDistance(word, known)).toBe(d));

  it('suggests the nearest name, a name the word begins, or nothing', () => {
    expect(closest('tournamnet', ['tournament', 'report'])).toBe('tournament');
    expect(closest('rep', ['tournament', 'report'])).toBe('report');
    expect(closest('zzzzzz', ['tournament', 'report'])).toBeUndefined();
  });

  it('words the hint the same everywhere, or says nothing', () => {
    expect(didYouMean('sede', ['seed', 'games'])).toBe(" (did you mean 'seed'?)");
    expect(didYouMean('zzzzzz', ['seed'])).toBe('');
  });
});
