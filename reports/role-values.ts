// What each card is worth to the village, fitted from the mixes played: logistic
// regression of the village's win (per game) on the count of each role in the deck,
//   logit P(village wins) = b0 + Σ_role b_role · count_role,
// so b_role is what one more such card adds to the village's log-odds. Dividing by the
// villager's coefficient gives the role's value in villager-equivalents (a villager is
// +1, a werewolf strongly negative), the unit of Ultimate Werewolf's published weights.
// The scales differ — theirs is a designer's rule of thumb for human play, additive in
// points; ours is additive in log-odds for the agents that played — so the comparison
// is of signs and order, not of equal numbers.

import { devianceVerdict } from '../stats/inference.js';
import { err, ok, type Result } from '../engine/index.js';
import { ROLES, type Role } from '../engine/index.js';
import type { MixRate } from './balance.js';
import { dependentColumns, fitLogistic } from '../stats/logistic.js';
import { ULTIMATE_WEREWOLF_WEIGHTS } from './references.js';
import { Z95 } from '../stats/wilson.js';
import type { Row, Table } from './table.js';

export interface RoleValue {
  readonly role: Role;
  /** Change in the village's log-odds per card. */
  readonly coef: number;
  readonly se: number;
  /** Villager-equivalents (coef / villager's coef); null if the villager's value is unknown. */
  readonly ve: number | null;
  readonly veLow: number | null;
  readonly veHigh: number | null;
  readonly ultimate: number | null;
}

export interface DroppedRole {
  readonly role: Role;
  readonly reason: string;
}

export interface RoleValueFit {
  readonly preset: string;
  readonly rules: string;
  readonly seating: string;
  readonly mixes: number;
  readonly games: number;
  readonly intercept: number;
  readonly values: readonly RoleValue[];
  readonly dropped: readonly DroppedRole[];
  readonly deviance: number;
  readonly df: number;
  /** Why villager-equivalents are missing or shaky, if they are. */
  readonly caveat: string | null;
}

/** Fits one rule set's mixes (all with the same preset, rules and agents). */
export function fitRoleValues(mixes: readonly MixRate[]): Result<RoleValueFit, string> {
  const played = mixes.filter((m) => m.games > 0);
  if (played.length === 0) return err('no games to fit role values on');
  const first = played[0]!.config;
  const present = ROLES.filter((r) => played.some((m) => (m.counts.get(r) ?? 0) > 0));
  const dropped: DroppedRole[] = [];
  let terms: Role[] = [];
  // The villager goes last: when the counts are tied (a fixed player count makes the
  // villagers "the rest"), it is the villager that cannot be told apart, not a role.
  const order = [...present.filter((r) => r !== 'villager'), ...present.filter((r) => r === 'villager')];
  for (const r of order) {
    const values = new Set(played.map((m) => m.counts.get(r) ?? 0));
    if (values.size === 1) dropped.push({ role: r, reason: `${[...values][0]} in every mix: its value cannot be told apart from the baseline` });
    else terms.push(r);
  }
  const design = played.map((m) => [1, ...terms.map((r) => m.counts.get(r) ?? 0)]);
  const dependent = new Set(dependentColumns(design).map((j) => j - 1));
  if (dependent.size > 0) {
    for (const j of dependent) {
      const col = (r: Role) => played.map((m) => m.counts.get(r) ?? 0).join(',');
      const twin = terms.find((r, k) => !dependent.has(k) && col(r) === col(terms[j]!));
      dropped.push({
        role: terms[j]!,
        reason:
          twin === undefined
            ? 'its count follows from the other roles’ counts in these mixes'
            : `always dealt with the ${twin}: the ${twin}’s value is theirs together`,
      });
    }
    terms = terms.filter((_, j) => !dependent.has(j));
  }
  if (terms.length === 0) return err('no role’s count varies between the mixes played: play mixes with different numbers of werewolves and players (sim balance)');
  const fit = fitLogistic(played.map((m) => ({ x: terms.map((r) => m.counts.get(r) ?? 0), successes: m.village, trials: m.games })));
  if (!fit.ok) return err(`role values cannot be fitted: ${fit.error}`);
  const f = fit.value;
  const vi = terms.indexOf('villager') + 1; // 0 when the villager is not a term
  const bv = vi > 0 ? f.coef[vi]! : NaN;
  let caveat: string | null = null;
  if (vi === 0) caveat = 'the villager’s own value could not be estimated (vary the player count), so no villager-equivalents';
  else if (!(bv - Z95 * f.se[vi]! > 0))
    caveat = 'the villager’s value is not clearly above zero, so villager-equivalents are unreliable (their intervals are left out)';
  const values: RoleValue[] = terms
    .map((role, t) => {
    const j = t + 1;
    const coef = f.coef[j]!;
    const se = f.se[j]!;
    let ve: number | null = null;
    let veLow: number | null = null;
    let veHigh: number | null = null;
    if (vi > 0) {
      ve = coef / bv;
      if (caveat === null) {
        // Delta method for the ratio b_r / b_v.
        const varR = f.cov[j]![j]!;
        const varV = f.cov[vi]![vi]!;
        const covRV = f.cov[j]![vi]!;
        const v = j === vi ? 0 : varR / (bv * bv) + (coef * coef * varV) / bv ** 4 - (2 * coef * covRV) / bv ** 3;
        const h = Z95 * Math.sqrt(Math.max(0, v));
        veLow = ve - h;
        veHigh = ve + h;
      }
    }
    return { role, coef, se, ve, veLow, veHigh, ultimate: ULTIMATE_WEREWOLF_WEIGHTS[role] ?? null };
    })
    .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role));
  return ok({
    preset: first.preset,
    rules: first.rules,
    seating: first.seating,
    mixes: played.length,
    games: played.reduce((s, m) => s + m.games, 0),
    intercept: f.coef[0]!,
    values,
    dropped,
    deviance: f.deviance,
    df: f.df,
    caveat,
  });
}

/** The village's predicted win rate for a mix under a fit (roles outside the fit count as nothing). */
export function predictVillage(fit: RoleValueFit, counts: ReadonlyMap<Role, number>): number {
  let eta = fit.intercept;
  for (const v of fit.values) eta += v.coef * (counts.get(v.role) ?? 0);
  return 1 / (1 + Math.exp(-eta));
}

export function roleValueTable(fit: RoleValueFit, id: string): Table {
  const rows: Row[] = fit.values.map((v) => ({
    role: v.role,
    coef: v.coef,
    se: v.se,
    ve: v.ve,
    ve_low: v.veLow,
    ve_high: v.veHigh,
    ultimate: v.ultimate,
  }));
  const notes = [
    `fitted on ${fit.mixes} mixes, ${fit.games} games; residual ` +
      devianceVerdict(fit.deviance, fit.df, 'the additive model misses interactions, e.g. a card worth more at some table sizes') +
      '.',
    'value: villager-equivalents (log-odds per card ÷ a villager’s); UW: Ultimate Werewolf’s published weight. ' +
      'The scales differ (log-odds for these agents vs. a designer’s points for people): compare signs and order.',
  ];
  if (fit.caveat !== null) notes.push(`caveat: ${fit.caveat}.`);
  for (const d of fit.dropped) notes.push(`${d.role}: not estimated (${d.reason}).`);
  return {
    id,
    title: 'Role values in villager-equivalents, beside Ultimate Werewolf’s weights',
    columns: [
      { key: 'role', title: 'role', kind: 'text' },
      { key: 'coef', title: 'log-odds', kind: 'num', digits: 3 },
      { key: 'se', title: 'se', kind: 'num', digits: 3 },
      { key: 've', title: 'value', kind: 'num', digits: 2 },
      { key: 've_low', title: 'low', kind: 'num', digits: 2 },
      { key: 've_high', title: 'high', kind: 'num', digits: 2 },
      { key: 'ultimate', title: 'UW', kind: 'num', digits: 0 },
    ],
    rows,
    notes,
  };
}
