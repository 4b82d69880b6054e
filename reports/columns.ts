// Columns that many tables share: the rule set, the mix, a rate with its interval.

import type { Comparison } from '../stats/inference.js';
import type { Column } from './table.js';

/** The rule set and agents (in the files; the terminal and page show them in headings). */
export const GROUP_COLUMNS: readonly Column[] = [
  { key: 'preset', title: 'preset', kind: 'text', shown: false },
  { key: 'rules', title: 'rules', kind: 'text', shown: false },
  { key: 'agents', title: 'agents', kind: 'text', shown: false },
];

/** Players, the short mix, and the full deck (files only). */
export const MIX_COLUMNS: readonly Column[] = [
  { key: 'players', title: 'n', kind: 'int' },
  { key: 'mix', title: 'mix', kind: 'text' },
  { key: 'deck', title: 'deck', kind: 'text', shown: false },
];

/** A rate `key`, its bounds `low`/`high` (files only) and the interval as one column. */
export function rateColumns(key: string, title: string, low = `${key}_low`, high = `${key}_high`): Column[] {
  return [
    { key, title, kind: 'pct' },
    { key: low, title: `${title} low`, kind: 'pct', shown: false },
    { key: high, title: `${title} high`, kind: 'pct', shown: false },
    { key: `${key}_ci`, title: '95% CI', kind: 'interval', low, high },
  ];
}

/** The result of a two-proportion comparison: difference, z, p, and the games that would settle it. */
export const COMPARISON_COLUMNS: readonly Column[] = [
  { key: 'diff', title: 'diff', kind: 'pct', shown: false },
  { key: 'z', title: 'z', kind: 'num', digits: 2 },
  { key: 'p', title: 'p', kind: 'p' },
  { key: 'significant', title: 'significant', kind: 'text', shown: false },
  { key: 'games_each', title: 'games each', kind: 'int', shown: false },
  { key: 'more_games', title: 'more', kind: 'int' },
];

export function comparisonCells(c: Comparison) {
  return { diff: c.diff, z: c.z, p: c.pValue, significant: c.significant, games_each: c.gamesEach, more_games: c.moreGames };
}
