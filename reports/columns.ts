// Columns that many tables share: the rule set, the mix, a rate with its interval.

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
