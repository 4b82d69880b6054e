// Balance that survives the choice of agent: a mix is played under an ensemble of
// seatings and speaking orders, and the village's win rate is given as the range across
// the members, each with its 95% interval. A mix is called even only when every member's
// interval lies within the tolerance of 50%: one agent's habits cannot make it look even,
// nor one agent's weakness make it look lopsided. The verdicts:
//   even        every member's interval within 50% ± tolerance
//   not even    some member's interval wholly outside it (for that agent the mix is lopsided)
//   unsettled   neither: an interval crosses the band's edge (more games would tell)

import type { Table } from './table.js';
import { MIX_COLUMNS, rateColumns } from './columns.js';
import { shortMix } from '../stats/mix.js';
import { findPreset } from '../engine/index.js';
import type { MixRate } from './balance.js';

/**
 * The agents of the default ensemble: the heuristic in three styles and the belief agent.
 * Random play is left out: it cannot use what the Seer learns, so it would call every mix
 * with a Seer uneven by itself (004's 8-player row: 24.7% against 65–78% for the others);
 * name it (`--ensemble random …`) to ask what a table of novices would see.
 */
export const ENSEMBLE_AGENTS: readonly string[] = ['heuristic', 'heuristic:fakeClaim=0', 'heuristic:bus=0', 'belief'];
/** The speaking orders each agent plays under (004 and 002's rules). */
export const ENSEMBLE_ORDERS: readonly string[] = ['seat', 'after-victim'];
export const DEFAULT_TOLERANCE = 0.05;

/** One member: a seating (its words, as `--agents` takes them) and the rules it adds. */
export interface EnsembleMember {
  /** "belief, after-victim": how tables name it. */
  readonly label: string;
  readonly agents: readonly string[];
  readonly rules: readonly string[];
}

/**
 * The members: each seating (a string of `--agents` words separated by spaces, e.g.
 * `belief werewolves=heuristic`) under each speaking order, unless the rules already fix
 * one (then under that order alone).
 */
export function ensembleMembers(seatings: readonly string[], rules: readonly string[]): EnsembleMember[] {
  const fixed = rules.some((r) => r.trim().toLowerCase().startsWith('speakingorder='));
  const orders = fixed ? [null] : ENSEMBLE_ORDERS;
  const out: EnsembleMember[] = [];
  for (const s of seatings) {
    const agents = s.split(/\s+/).filter((w) => w !== '');
    for (const o of orders)
      out.push({ label: o === null ? agents.join(' ') : `${agents.join(' ')}, ${o}`, agents, rules: o === null ? rules : [...rules, `speakingOrder=${o}`] });
  }
  return out;
}

export type EnsembleVerdict = 'even' | 'not even' | 'unsettled';

/** The verdict on one mix from its members' 95% intervals. */
export function ensembleVerdict(intervals: readonly { readonly low: number; readonly high: number }[], tolerance: number): EnsembleVerdict {
  const lo = 0.5 - tolerance;
  const hi = 0.5 + tolerance;
  if (intervals.some((i) => i.high < lo || i.low > hi)) return 'not even';
  if (intervals.every((i) => i.low >= lo && i.high <= hi)) return 'even';
  return 'unsettled';
}

/** One member's rate of one mix. */
export interface MemberRate {
  readonly member: string;
  readonly rate: MixRate;
}

/** The key of a mix across members: preset, players and deck (members differ in agents and speaking order). */
const mixKey = (m: MixRate) => `${m.config.preset}|${m.config.players}|${m.config.deck}`;

/** Per mix: the range of the members' rates, the lowest and highest interval ends, and the verdict. */
export function ensembleTable(rates: readonly MemberRate[], members: number, tolerance: number, id = 'ensemble'): Table {
  const groups = new Map<string, MemberRate[]>();
  for (const r of rates) {
    const k = mixKey(r.rate);
    let list = groups.get(k);
    if (list === undefined) groups.set(k, (list = []));
    list.push(r);
  }
  const rows = [...groups.values()].map((list) => {
    const first = list[0]!.rate;
    const sorted = [...list].sort((a, b) => a.rate.rate - b.rate.rate);
    const verdict = list.length < members ? 'unsettled' : ensembleVerdict(list.map((x) => x.rate), tolerance);
    return {
      preset: first.config.preset,
      players: first.config.players,
      mix: shortMix(first.counts),
      deck: first.config.deck,
      documents: first.documents.join(', '),
      members: list.length,
      lowest: sorted[0]!.rate.rate,
      lowest_member: sorted[0]!.member,
      highest: sorted[sorted.length - 1]!.rate.rate,
      highest_member: sorted[sorted.length - 1]!.member,
      low: Math.min(...list.map((x) => x.rate.low)),
      high: Math.max(...list.map((x) => x.rate.high)),
      verdict,
    };
  });
  rows.sort((a, b) => a.preset.localeCompare(b.preset) || a.players - b.players || a.deck.localeCompare(b.deck));
  return {
    id,
    title: `The village's win rate across the ensemble (${members} members): its range, and whether the mix is even within ±${(100 * tolerance).toFixed(0)} points`,
    columns: [
      { key: 'preset', title: 'preset', kind: 'text', shown: false },
      ...MIX_COLUMNS,
      { key: 'documents', title: 'table', kind: 'text' },
      { key: 'members', title: 'members', kind: 'int', shown: false },
      { key: 'lowest', title: 'lowest', kind: 'pct' },
      { key: 'lowest_member', title: 'by', kind: 'text', shown: false },
      { key: 'highest', title: 'highest', kind: 'pct' },
      { key: 'highest_member', title: 'by', kind: 'text', shown: false },
      { key: 'low', title: 'low', kind: 'pct', shown: false },
      { key: 'high', title: 'high', kind: 'pct', shown: false },
      { key: 'span', title: 'intervals', kind: 'interval', low: 'low', high: 'high' },
      { key: 'verdict', title: 'verdict', kind: 'text' },
    ],
    rows,
    notes: [
      'lowest, highest: the members’ rates; low, high: the lowest and highest ends of their 95% intervals (every member’s interval: the next table).',
      `even: every member’s interval within 50% ± ${(100 * tolerance).toFixed(0)} points; not even: some member’s wholly outside; unsettled: neither, or a member not played.`,
      'A range is what the choice of agent moves the rate by; it is no interval: agents of unknown skill are not draws from a population.',
    ],
  };
}

/** Every member's rate of every mix, with its interval. */
export function ensembleMembersTable(rates: readonly MemberRate[], id = 'ensemble-members'): Table {
  const rows = [...rates]
    .sort((a, b) => a.rate.config.players - b.rate.config.players || a.rate.config.deck.localeCompare(b.rate.config.deck) || a.member.localeCompare(b.member))
    .map((r) => ({
      players: r.rate.config.players,
      mix: shortMix(r.rate.counts),
      deck: r.rate.config.deck,
      member: r.member,
      games: r.rate.games,
      village: r.rate.rate,
      low: r.rate.low,
      high: r.rate.high,
    }));
  return {
    id,
    title: 'Each member of the ensemble: the village’s win rate of each mix, with its 95% interval',
    columns: [...MIX_COLUMNS, { key: 'member', title: 'member', kind: 'text' }, { key: 'games', title: 'games', kind: 'int' }, ...rateColumns('village', 'village', 'low', 'high')],
    rows,
    notes: [],
  };
}

/** A rule set's ensemble found in stored runs: its label and the members' rates. */
export interface StoredEnsemble {
  /** "standard, tie=random": the preset and the rules the members share. */
  readonly label: string;
  readonly members: number;
  readonly rates: readonly MemberRate[];
}

/**
 * The ensembles a database holds: mixes played under the same preset and rules (the
 * speaking order aside) by two or more seatings or speaking orders. Each run's member is
 * its seating and its speaking order (the preset's where the rules keep it).
 */
export function storedEnsembles(rates: readonly MixRate[]): StoredEnsemble[] {
  const groups = new Map<string, MemberRate[]>();
  for (const rate of rates) {
    const words = rate.config.rules.split(/\s+/).filter((w) => w !== '');
    const order = words.find((w) => w.startsWith('speakingOrder='));
    const shared = words.filter((w) => w !== order).join(' ');
    const label = shared === '' ? rate.config.preset : `${rate.config.preset}, ${shared}`;
    let list = groups.get(label);
    if (list === undefined) groups.set(label, (list = []));
    // A run that keeps the preset's speaking order is named by it too, as sim balance names its members.
    const spoken = order === undefined ? findPreset(rate.config.preset)?.options.speakingOrder : order.slice('speakingOrder='.length);
    list.push({ member: spoken === undefined ? rate.config.seating : `${rate.config.seating}, ${spoken}`, rate });
  }
  const out: StoredEnsemble[] = [];
  for (const [label, list] of groups) {
    const perMix = new Map<string, number>();
    for (const r of list) perMix.set(mixKey(r.rate), (perMix.get(mixKey(r.rate)) ?? 0) + 1);
    if (![...perMix.values()].some((k) => k > 1)) continue;
    out.push({ label, members: new Set(list.map((r) => r.member)).size, rates: list });
  }
  return out;
}
