// The report's charts, drawn server-side by Observable Plot into linkedom's document: SVG
// (in a <figure> when a legend is drawn) as text, with no scripts and no fonts to fetch.
// Each mark keeps Plot's aria-label ("dot", "line", "area", "cell", "bar", "rule"), which
// is how the tests count what was drawn. Hovering a point shows its numbers (<title>).

import { createRequire } from 'node:module';
import type { PlotOptions } from '@observablehq/plot';
import type { Fate } from './analysis.js';
import type { HeatCell } from './balance.js';

// Plot and linkedom are loaded on the first chart, not when sim starts: together they
// cost about 370 ms of start-up (measured: 175 and 193 ms), which only the HTML report and
// pages pay. (Both are ES modules: `require` loads them on Node ≥ 20.19.)
const load = createRequire(import.meta.url);
let plotModule: typeof import('@observablehq/plot') | undefined;
let linkedomModule: typeof import('linkedom') | undefined;
const plotLibrary = () => (plotModule ??= load('@observablehq/plot') as typeof import('@observablehq/plot'));

/** A fresh document per chart: Plot appends nodes to it. */
function newDocument(): Document {
  const { parseHTML } = (linkedomModule ??= load('linkedom') as typeof import('linkedom'));
  return parseHTML('<!DOCTYPE html><html><head></head><body></body></html>').document as unknown as Document;
}

function render(options: PlotOptions): string {
  const node = plotLibrary().plot({ ...options, document: newDocument() }) as unknown as { outerHTML: string };
  return node.outerHTML;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export interface RatePoint {
  readonly series: string;
  readonly players: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  readonly games: number;
}

/** Series named `table 004` are a document's table. */
const isTable = (series: string) => series.startsWith('table ');

/** Village win rate by player count: one line per series (a document's table or a mix), its 95% interval as a band. */
export function winRateChart(points: readonly RatePoint[], title: string): string {
  const Plot = plotLibrary();
  const data = points.map((p) => ({ ...p, tip: `${p.series}, ${p.players} players: ${pct(p.rate)} (${pct(p.low)}–${pct(p.high)}), ${p.games} games` }));
  return render({
    title,
    width: 720,
    height: 380,
    marginRight: 20,
    x: { label: 'players', tickFormat: 'd', ticks: [...new Set(points.map((p) => p.players))] },
    y: { label: 'village win rate', domain: [0, 1], tickFormat: '.0%', grid: true },
    color: { legend: true, type: 'categorical' },
    marks: [
      Plot.ruleY([0.5], { stroke: '#888', strokeDasharray: '4,3' }),
      Plot.areaY(data, { x: 'players', y1: 'low', y2: 'high', fill: 'series', fillOpacity: 0.18, z: 'series' }),
      // Mixes thin; the documents' tables thick and dashed, drawn last so that they stay visible.
      Plot.line(data.filter((d) => !isTable(d.series)), { x: 'players', y: 'rate', stroke: 'series', z: 'series' }),
      Plot.line(data.filter((d) => isTable(d.series)), { x: 'players', y: 'rate', stroke: 'series', z: 'series', strokeWidth: 3, strokeDasharray: '7,4' }),
      Plot.dot(data, { x: 'players', y: 'rate', fill: 'series', r: 3, title: 'tip' }),
    ],
  });
}

/** Players × werewolves, coloured by the village's win rate (red: wolves favoured, blue: village), labelled in %; the documents' rows outlined. */
export function heatmapChart(cells: readonly HeatCell[], title: string): string {
  const Plot = plotLibrary();
  const data = cells.map((c) => ({ ...c, label: (100 * c.rate).toFixed(0), tip: `${c.players} players, ${c.wolves} wolves: ${pct(c.rate)} (${pct(c.low)}–${pct(c.high)}), ${c.games} games` }));
  return render({
    title,
    width: 720,
    height: 80 + 34 * new Set(cells.map((c) => c.wolves)).size,
    padding: 0.05,
    x: { label: 'players', type: 'band' },
    y: { label: 'werewolves', type: 'band', reverse: true },
    // Ten bands of 10% (a continuous ramp legend needs a canvas, which linkedom lacks); 50% is the boundary between the middle two.
    color: { type: 'quantize', n: 10, scheme: 'RdBu', domain: [0, 1], legend: true, label: 'village win rate', tickFormat: '.0%' },
    marks: [
      Plot.cell(data, { x: 'players', y: 'wolves', fill: 'rate', title: 'tip' }),
      // The documents' own table rows, outlined.
      Plot.cell(
        data.filter((d) => d.documents.length > 0),
        { x: 'players', y: 'wolves', fill: 'none', stroke: 'black', strokeWidth: 2.5, inset: 1.5 },
      ),
      Plot.text(data, { x: 'players', y: 'wolves', text: 'label', fill: (d: HeatCell) => (Math.abs(d.rate - 0.5) > 0.3 ? 'white' : 'black') }),
    ],
  });
}

export interface ValuePoint {
  readonly role: string;
  readonly value: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly ultimate: number | null;
}

/** Role values (dots with 95% bars) beside Ultimate Werewolf's weights (diamonds). */
export function roleValueChart(values: readonly ValuePoint[], title: string): string {
  const Plot = plotLibrary();
  const ours = values.map((v) => ({ ...v, source: 'fitted (villager-equivalents)', tip: `${v.role}: ${v.value.toFixed(2)}${v.low === null ? '' : ` (${v.low.toFixed(2)} to ${v.high!.toFixed(2)})`}` }));
  const bars = ours.filter((v) => v.low !== null && v.high !== null);
  const uw = values.filter((v) => v.ultimate !== null).map((v) => ({ role: v.role, value: v.ultimate!, source: 'Ultimate Werewolf weight', tip: `${v.role}: UW ${v.ultimate}` }));
  return render({
    title,
    width: 720,
    height: 60 + 34 * values.length,
    marginLeft: 90,
    x: { label: 'value (a villager = +1)', grid: true },
    y: { label: null, domain: values.map((v) => v.role) },
    color: { legend: true, domain: ['fitted (villager-equivalents)', 'Ultimate Werewolf weight'], range: ['#4269d0', '#ff725c'] },
    marks: [
      Plot.ruleX([0], { stroke: '#888' }),
      Plot.ruleY(bars, { y: 'role', x1: 'low', x2: 'high', stroke: '#4269d0', strokeWidth: 2 }),
      Plot.dot(ours, { y: 'role', x: 'value', fill: 'source', r: 4, title: 'tip' }),
      Plot.dot(uw, { y: 'role', x: 'value', stroke: 'source', symbol: 'diamond', r: 5, title: 'tip' }),
    ],
  });
}

export interface LengthPoint {
  readonly series: string;
  readonly players: number;
  readonly mean: number;
  /** The mean's 95% interval (null below 2 games). */
  readonly low: number | null;
  readonly high: number | null;
}

/** Mean game length in days by player count with its 95% interval, one line per series. */
export function lengthChart(points: readonly LengthPoint[], title: string): string {
  const Plot = plotLibrary();
  return render({
    title,
    width: 720,
    height: 320,
    x: { label: 'players', tickFormat: 'd', ticks: [...new Set(points.map((p) => p.players))] },
    y: { label: 'mean days', grid: true, zero: true },
    color: { legend: true, type: 'categorical' },
    marks: [
      Plot.line(points.filter((d) => !isTable(d.series)), { x: 'players', y: 'mean', stroke: 'series', z: 'series' }),
      Plot.line(points.filter((d) => isTable(d.series)), { x: 'players', y: 'mean', stroke: 'series', z: 'series', strokeWidth: 3, strokeDasharray: '7,4' }),
      Plot.ruleX(
        points.filter((d) => d.low !== null),
        { x: 'players', y1: 'low', y2: 'high', stroke: 'series', strokeWidth: 1.5 },
      ),
      Plot.dot(points, {
        x: 'players',
        y: 'mean',
        fill: 'series',
        r: 3,
        title: (d: LengthPoint) => `${d.series}, ${d.players} players: ${d.mean.toFixed(2)} days${d.low === null ? '' : ` (95% interval ${d.low.toFixed(2)}–${d.high!.toFixed(2)})`}`,
      }),
    ],
  });
}

export interface DaysBar {
  readonly days: number;
  readonly share: number;
}

/** Share of games by length (days). */
export function daysHistogram(bars: readonly DaysBar[], title: string): string {
  const Plot = plotLibrary();
  return render({
    title,
    width: 720,
    height: 260,
    x: { label: 'days', type: 'band' },
    y: { label: 'share of games', tickFormat: '.0%', grid: true },
    marks: [Plot.barY(bars, { x: 'days', y: 'share', fill: '#4269d0', title: (d: DaysBar) => `${d.days} days: ${pct(d.share)}` }), Plot.ruleY([0])],
  });
}

export interface FateBar {
  readonly role: string;
  readonly fate: Fate;
  readonly share: number;
}

/**
 * One colour per fate in every chart of every report, whichever fates a chart shows
 * (a scheme indexed by the fates present would paint "survived" a different colour in two
 * charts). Survival is grey-green; the pack's kills red; the village's vote blue.
 */
export const FATE_COLOURS: Readonly<Record<Fate, string>> = {
  wolves: '#c0392b',
  vote: '#2e6fbf',
  drawn: '#5dade2',
  poison: '#8e44ad',
  grief: '#e67e22',
  shot: '#6d4c41',
  guard: '#16a085',
  scapegoat: '#d4ac0d',
  elder: '#7f8c8d',
  punishment: '#e84393',
  hunger: '#34495e',
  survived: '#8fbf8f',
};

/** For each role, how its players ended: a stacked bar of causes of death (and survival). */
export function deathChart(bars: readonly FateBar[], fates: readonly Fate[], title: string): string {
  const Plot = plotLibrary();
  const roles = [...new Set(bars.map((b) => b.role))];
  return render({
    title,
    width: 720,
    height: 70 + 30 * roles.length,
    marginLeft: 90,
    x: { label: 'share of the role’s players', tickFormat: '.0%', domain: [0, 1] },
    y: { label: null, domain: roles },
    color: { legend: true, domain: [...fates], range: fates.map((f) => FATE_COLOURS[f]) },
    marks: [Plot.barX(bars, { y: 'role', x: 'share', fill: 'fate', order: [...fates], title: (d: FateBar) => `${d.role}: ${d.fate} ${pct(d.share)}` })],
  });
}

/** The entrants' colours, in the order they were entered (the same in every chart of a tournament). */
export const ENTRANT_COLOURS = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5', '#9c6b4e', '#9498a0'];

export interface StrengthPoint {
  readonly entrant: string;
  readonly wolves: number;
  readonly wolvesSe: number;
  readonly village: number;
  readonly villageSe: number;
}

/**
 * A tournament's entrants: wolf strength (x) against village strength (y), each with its
 * 95% bar (± 1.96 se). Entrants are told apart by colour and symbol in the legend, not by
 * labels beside the points: two close entrants' labels would be drawn on top of each other.
 */
export function strengthChart(points: readonly StrengthPoint[], title: string): string {
  const Plot = plotLibrary();
  const z = 1.959963984540054;
  const data = points.map((p) => ({
    ...p,
    wLow: p.wolves - z * p.wolvesSe,
    wHigh: p.wolves + z * p.wolvesSe,
    vLow: p.village - z * p.villageSe,
    vHigh: p.village + z * p.villageSe,
    tip: `${p.entrant}: wolf ${p.wolves.toFixed(3)} ± ${p.wolvesSe.toFixed(3)}, village ${p.village.toFixed(3)} ± ${p.villageSe.toFixed(3)} (se)`,
  }));
  return render({
    title,
    width: 720,
    height: 440,
    marginRight: 40,
    inset: 30,
    x: { label: 'wolf strength w (deception) →', grid: true },
    y: { label: '↑ village strength v (detection)', grid: true },
    // One legend of coloured symbols (Plot merges the two scales bound to the same field).
    color: { type: 'categorical', domain: points.map((p) => p.entrant), range: ENTRANT_COLOURS },
    symbol: { legend: true, domain: points.map((p) => p.entrant) },
    marks: [
      Plot.ruleX([0], { stroke: '#888', strokeDasharray: '4,3' }),
      Plot.ruleY([0], { stroke: '#888', strokeDasharray: '4,3' }),
      // Error bars: the wolf strength's interval horizontally, the village strength's vertically.
      Plot.ruleY(data, { y: 'village', x1: 'wLow', x2: 'wHigh', stroke: 'entrant', strokeWidth: 2 }),
      Plot.ruleX(data, { x: 'wolves', y1: 'vLow', y2: 'vHigh', stroke: 'entrant', strokeWidth: 2 }),
      Plot.dot(data, { x: 'wolves', y: 'village', fill: 'entrant', symbol: 'entrant', r: 6, stroke: 'white', title: 'tip' }),
    ],
  });
}
