// A tournament as a part of a report: its scores, the fitted strengths (with the chart of
// wolf against village strength), and its pairings or roles. `sim tournament` prints it
// after play; `sim report` adds one per tournament of the database.

import { fitSeatModel, fitSideModel, seatScores, sideScores, type ModelFit } from '../tournaments/ratings.js';
import type { TournamentData } from '../tournaments/tournament-data.js';
import type { TournamentRow } from '../tournaments/tournament-store.js';
import type { Result } from '../engine/index.js';
import { strengthChart } from './charts.js';
import type { GroupReport, Section } from './report.js';
import { modelTable, noModelTable, seatRoleTable, seatScoreTable, sidePairingTable, sideScoreTable } from './tournament-tables.js';

export function tournamentLabel(t: TournamentRow): string {
  const who = t.mode === 'side' ? `${t.entrants.join(' vs ')}${t.selfPlay ? ' (with self-play)' : ''}` : `${t.entrants.join(', ')} among ${t.reference} bots`;
  return `Tournament ${t.id} (${t.mode} mode): ${who}`;
}

export function modelOf(data: TournamentData): Result<ModelFit, string> {
  const t = data.tournament;
  return data.mode === 'side' ? fitSideModel(t.entrants, data.results) : fitSeatModel(t.entrants, data.reference, data.baseline, data.cells);
}

/** `adaptive`: the tournament was played by an adaptive schedule (its pairings stop short of their caps by design). */
export function tournamentReport(data: TournamentData, opts: { readonly charts: boolean; readonly adaptive?: boolean }): GroupReport {
  const t = data.tournament;
  const id = (what: string) => `tournament-${t.id}-${what}`;
  const stored = data.pairings.reduce((n, p) => n + p.stored, 0);
  const planned = data.pairings.reduce((n, p) => n + p.planned, 0);
  const fit = modelOf(data);
  const sections: Section[] = [];
  const about =
    (opts.adaptive === true
      ? `${data.pairings.length} pairings of at most ${t.games} games each, as the adaptive schedule chose (${stored} games stored), seed ${t.seed}, ${data.setupLabel}. `
      : `${data.pairings.length} pairings of ${t.games} games each, seed ${t.seed}, ${data.setupLabel}. `) +
    `Game i of every pairing is dealt from the same seed (${t.seed}#i), so entrants meet the same deals.` +
    (stored < planned && opts.adaptive !== true ? ` Unfinished: ${stored} of ${planned} games stored (run the same sim tournament again to continue).` : '');
  if (data.mode === 'side') sections.push({ title: 'Scores', text: [about], charts: [], tables: [sideScoreTable(sideScores(t.entrants, data.results), id('scores'))] });
  else sections.push({ title: 'Scores', text: [about], charts: [], tables: [seatScoreTable(seatScores(t.entrants, data.cells), data.reference, id('scores'))] });
  const charts =
    opts.charts && fit.ok
      ? [strengthChart(fit.value.strengths.map((s) => ({ entrant: s.reference ? `${s.entrant} (reference)` : s.entrant, wolves: s.wolves, wolvesSe: s.wolvesSe, village: s.village, villageSe: s.villageSe })), 'Wolf strength against village strength (bars: 95% intervals)')]
      : [];
  sections.push({ title: 'Strengths', text: [], charts, tables: [fit.ok ? modelTable(t.mode, fit.value, id('model')) : noModelTable(fit.error, id('model'))] });
  if (data.mode === 'side') sections.push({ title: 'Pairings', text: [], charts: [], tables: [sidePairingTable(data, id('pairings'))] });
  else sections.push({ title: 'Roles', text: [], charts: [], tables: [seatRoleTable(data, id('roles'))] });
  return { label: tournamentLabel(t), games: stored, sections };
}
