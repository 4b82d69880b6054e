// The leaderboard as a table (`sim leaderboard`, tournaments/leaderboard.ts): a row per
// entrant, best first, each compared with the next, with its interval of rank.

import type { Board, BoardRow, ModelUse } from '../tournaments/leaderboard.js';
import { rateColumns } from './columns.js';
import type { Column, Row, Table } from './table.js';
import { devianceVerdict } from '../stats/inference.js';
import { RANK_REPS } from '../tournaments/rank-intervals.js';
import type { FailureCount, FailurePolicy } from '../tournaments/failure-policy.js';

/** The columns of a rank's interval: "2–3" shown, its ends for CSV and JSON. */
export const RANK_COLUMNS: readonly Column[] = [
  { key: 'ranks', title: 'ranks', kind: 'text' },
  { key: 'rank_low', title: 'rank low', kind: 'int', shown: false },
  { key: 'rank_high', title: 'rank high', kind: 'int', shown: false },
];

/** A row's cells under RANK_COLUMNS (blank where no interval was computed). */
export function rankCells(ranks: { readonly low: number; readonly high: number } | undefined): Row {
  if (ranks === undefined) return { ranks: '', rank_low: null, rank_high: null };
  return { ranks: ranks.low === ranks.high ? String(ranks.low) : `${ranks.low}–${ranks.high}`, rank_low: ranks.low, rank_high: ranks.high };
}

const MODEL_COLUMNS: readonly Column[] = [
  { key: 'latency_ms', title: 'ms', kind: 'int' },
  { key: 'latency_low', title: 'ms low', kind: 'int', shown: false },
  { key: 'latency_high', title: 'ms high', kind: 'int', shown: false },
  { key: 'latency_p95', title: 'ms p95', kind: 'int', shown: false },
  { key: 'latency_p95_low', title: 'p95 low', kind: 'int', shown: false },
  { key: 'latency_p95_high', title: 'p95 high', kind: 'int', shown: false },
  { key: 'tokens_per_call', title: 'tok/call', kind: 'num', digits: 0, shown: false },
  { key: 'tokens_per_decision', title: 'tok/dec', kind: 'num', digits: 0, shown: false },
  { key: 'dollars_per_game', title: '$/game', kind: 'num', digits: 4, shown: false },
];

function modelCells(m: ModelUse | undefined): Row {
  const l = m?.latency ?? null;
  return {
    latency_ms: l?.median.value ?? null,
    latency_low: l?.median.low ?? null,
    latency_high: l?.median.high ?? null,
    latency_p95: l?.p95.value ?? null,
    latency_p95_low: l?.p95.low ?? null,
    latency_p95_high: l?.p95.high ?? null,
    tokens_per_call: m?.tokensPerCall ?? null,
    tokens_per_decision: m?.tokensPerDecision ?? null,
    dollars_per_game: m?.dollarsPerGame ?? null,
  };
}

function failureCells(f: FailureCount | undefined): Row {
  if (f === undefined || f.games === 0) return { failed: null, fallbacks_per_game: null };
  return { failed: f.failed / f.games, fallbacks_per_game: f.fallbacks / f.games };
}

/** The board's ranking; `id` names its files (a report of several boards numbers them). */
export function leaderboardTable(b: Board, precision: number, id = 'leaderboard'): Table {
  return rankingTable(b.rows, {
    precision,
    id,
    title: 'Leaderboard: every entrant of this setup in the database, on all its games',
    prior: b.model.prior,
    anchors: b.model.anchors,
    notes: [
      // The scores come from the additive side model: say whether it fits, as the tournament's strengths table does.
      `The side model behind the scores: ${devianceVerdict(b.model.deviance, b.model.df, 'additive strengths do not explain every pairing, so a score averages over pairings that differ more than it says (sim tournament shows the pairings)')}.`,
      b.model.byDeal === true
        ? 'Intervals take a deal (one seed, one game index) as the unit: the games of every pairing dealt the same cards move together (a cluster-robust covariance).'
        : 'Intervals treat every game as independent.',
      ...(b.versions > 1 ? [`Games of ${b.versions} versions of the code are pooled (runs of other code are counted apart, not merged).`] : []),
      ...b.uncompared.map((u) => `Left off: ${u.entrant} (${u.why}): its games compare it with no other entrant, so no game measures its score.`),
      ...policyNotes(
        { policy: b.policy, anyFailed: b.rows.some((r) => (r.failures?.failed ?? 0) > 0), voided: b.voided, excluded: b.excluded },
        'failed: the share of its games in which its agent fell back at least once; fb/game: its fallback moves per game.',
      ),
    ],
  });
}

/** A failure policy in words. */
export const POLICY_WORDS: Readonly<Record<FailurePolicy, string>> = {
  keep: 'a game in which an agent failed counts as played, its fallback moves the failing side\'s',
  forfeit: 'the side whose agent failed loses the game (both failed: the game is left out)',
  void: 'a game in which any agent failed is left out',
  exclude: 'an entrant that failed in any game is left off the board with all its games',
};

/** What a failure policy did to a set of games: whether any agent failed, the games it left out, the entrants it left off. */
export interface PolicyOutcome {
  readonly policy: FailurePolicy;
  readonly anyFailed: boolean;
  readonly voided: number;
  readonly excluded: readonly { readonly entrant: string; readonly failures: FailureCount }[];
}

/** What the failure policy did, when any agent failed (failure-policy.ts); `columns`: words on the table's failure columns. */
export function policyNotes(p: PolicyOutcome, columns = ''): string[] {
  if (!p.anyFailed && p.excluded.length === 0) return p.policy === 'keep' ? [] : [`Failure policy ${p.policy}: no agent failed in these games.`];
  return [
    `Failure policy ${p.policy}: ${POLICY_WORDS[p.policy]} (sim leaderboard --policy keep|forfeit|void|exclude re-rates the same games).${columns === '' ? '' : ` ${columns}`}` +
      (p.voided > 0 ? ` ${p.voided} game${p.voided === 1 ? '' : 's'} left out.` : ''),
    ...p.excluded.map((x) => `Left off (exclude): ${x.entrant}, which failed in ${x.failures.failed} of its ${x.failures.games} games.`),
  ];
}

/** Entrants by overall score, each against the next (a leaderboard, an adaptive tournament's ranking). */
export function rankingTable(rows: readonly BoardRow[], o: { readonly precision: number; readonly id: string; readonly title: string; readonly prior: number | null; readonly notes?: readonly string[]; readonly anchors?: readonly string[] | null }): Table {
  const precision = o.precision;
  const anyDollars = rows.some((r) => r.dollars !== 0);
  const withRanks = rows.some((r) => r.ranks !== undefined);
  const withFailures = rows.some((r) => (r.failures?.failed ?? 0) > 0);
  const withModels = rows.some((r) => r.model !== undefined);
  return {
    id: o.id,
    title: o.title,
    columns: [
      { key: 'rank', title: '#', kind: 'int' },
      ...(withRanks ? RANK_COLUMNS : []),
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'score', title: 'score', kind: 'pct' },
      { key: 'low', title: 'low', kind: 'pct', shown: false },
      { key: 'high', title: 'high', kind: 'pct', shown: false },
      { key: 'ci', title: '95% CI', kind: 'interval', low: 'low', high: 'high' },
      // The halves with their intervals do not fit 80 columns beside the score: the files hold them, and sidesTable shows them.
      ...hidden(rateColumns('village', 'village')),
      ...hidden(rateColumns('wolves', 'wolves')),
      { key: 'games', title: 'games', kind: 'int' },
      ...(anyDollars ? ([{ key: 'dollars', title: '$', kind: 'num', digits: 2 }] as const) : []),
      ...(withFailures ? ([{ key: 'failed', title: 'failed', kind: 'pct' }, { key: 'fallbacks_per_game', title: 'fb/game', kind: 'num', digits: 2 }] as const) : []),
      ...(withModels ? MODEL_COLUMNS : []),
      { key: 'vs_next', title: 'vs next', kind: 'text' },
      { key: 'next_diff', title: 'next diff', kind: 'pct', shown: false },
      { key: 'next_low', title: 'next low', kind: 'pct', shown: false },
      { key: 'next_high', title: 'next high', kind: 'pct', shown: false },
    ],
    rows: rows.map((r) => ({
      rank: r.rank,
      ...(withRanks ? rankCells(r.ranks) : {}),
      ...(withFailures ? failureCells(r.failures) : {}),
      ...(withModels ? modelCells(r.model) : {}),
      entrant: r.entrant,
      score: r.score,
      low: r.low,
      high: r.high,
      ...halvesCells(r),
      games: r.games,
      ...(anyDollars ? { dollars: r.dollars } : {}),
      vs_next: r.next === null ? '' : r.next.verdict === 'above' ? 'above' : r.next.verdict === 'tie' ? `tie ±${precision}` : 'open',
      next_diff: r.next?.diff ?? null,
      next_low: r.next?.low ?? null,
      next_high: r.next?.high ?? null,
    })),
    notes: [
      `score: the entrant’s win rate against ${o.anchors === undefined || o.anchors === null ? 'an average entrant of this board' : `the average of the anchors (${o.anchors.join(', ')}): boards of this setup with the same anchors share this scale`}, as the village and as the werewolves averaged (the side model fitted on every decisive game; draws and third-team wins left out).`,
      `vs next: above when the 95% interval of its lead over the next row excludes 0; a tie when that interval lies within ±${precision}; open when neither (more games would tell). games: the games it played; $: what its model's seats cost, as recorded (blank: unknown).`,
      ...(withRanks
        ? [`ranks: the 95% interval of its rank, from ${RANK_REPS} resamples of the deals (a deal's games together), the model fitted again on each: an entrant the games cannot place spans several ranks.`]
        : []),
      ...(withModels
        ? ['ms: a model\'s median latency per answered call in milliseconds (the request and its retries; CSV/JSON: its 95% interval, the 95th percentile with its interval, tokens per call and per decision owed, and dollars per game), from the LLM record of this file, pooled over its setups.']
        : []),
      ...(o.prior !== null
        ? [
            `The plain fit does not exist (some pairing was won by one side in every game, or some entrant played one side only): the strengths are the fit under a weak N(0, ${o.prior}²) prior, and a side an entrant never played stays at the average, with a wide interval. No rank intervals: refitted on resampled deals, the prior would fix those strengths again each time.`,
          ]
        : []),
      ...(o.notes ?? []),
    ],
  };
}

/** A row's halves of its score with their bounds, under two rateColumns: 'village' and 'wolves'. */
function halvesCells(r: BoardRow): Row {
  return { village: r.asVillage, village_low: r.village.low, village_high: r.village.high, wolves: r.asWolves, wolves_low: r.wolves.low, wolves_high: r.wolves.high };
}

/** Columns for the files only. */
function hidden(columns: readonly Column[]): Column[] {
  return columns.map((c) => ({ ...c, shown: false }));
}

/**
 * The two halves of each entrant's score, with their 95% intervals: its win rate as the
 * village against average werewolves, and as the werewolves against an average village
 * (for models: catching liars, and lying). Below the ranking, whose width they do not fit.
 */
export function sidesTable(rows: readonly BoardRow[], id: string): Table {
  return {
    id,
    title: 'Each side: the two halves of the score',
    columns: [{ key: 'entrant', title: 'entrant', kind: 'text' }, ...rateColumns('village', 'village'), ...rateColumns('wolves', 'wolves')],
    rows: rows.map((r) => ({ entrant: r.entrant, ...halvesCells(r) })),
    notes: [
      'village: its win rate as the village against average werewolves of this board; wolves: as the werewolves against an average village (the same side model as the score). 95% intervals by the delta method on the logit scale, with the same unit as the score’s.',
    ],
  };
}
