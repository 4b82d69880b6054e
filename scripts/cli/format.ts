// What `sim` prints: the configuration and the results, for people (aligned text) or
// for programs (one JSON object).

import { visibleLine } from '../../narrate/escape.js';
import { usd } from '../../agents/llm/prices.js';
import { SIDES } from '../../engine/index.js';
import { mixLabel } from '../../engine/index.js';
import { changedRules, presetTitle, rulesText, shardRange, shardText, type RunConfig, type RunPolicy } from '../../runs/run-config.js';
import type { RunOutcome } from '../../runs/runner.js';
import type { RunRow } from '../../runs/storage.js';
import { wilson } from '../../stats/wilson.js';
import type { RunFailures } from '../../tournaments/failure-policy.js';
import { hanging } from '../../narrate/width.js';
import { roundedGrouped } from '../../narrate/numbers.js';

/** A rate in percent; two decimals below 1% so that small upper bounds do not read as 0.0%. */
export const pct = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.01 ? 2 : 1)}%`;
/** "1 game", "2 games". */
export const gamesText = (n: number) => `${n} game${n === 1 ? '' : 's'}`;

/** The summary's line for LLM games started and not stored (their first reason). */
export const unfinishedLine = (count: number, reason: string | undefined) => `  unfinished  ${gamesText(count)} not stored (${visibleLine(reason ?? '')})`;

/** The summary's line for what `whose` (the run, the tournament) has spent in all, against its budget. */
export const spentLine = (spent: number, limit: number | null, whose: string) =>
  `  spent       ${usd(spent)} by ${whose} in all${limit === null ? '' : `; budget $${limit} (${usd(Math.max(0, limit - spent))} left)`}`;

/** Games per second for people: whole numbers from 10 up, else two significant digits (LLM runs play under one a second, which must not read as 0). */
export const gamesPerSecond = (n: number): string => (n >= 9.95 ? roundedGrouped(n) : n.toPrecision(2));

/** The configuration, one `label  value` line each. */
export function configLines(c: RunConfig): string[] {
  const range = shardRange(c.games, c.shard);
  const games =
    c.shard.n === 1 ? `${c.games}` : `${c.games} in all; shard ${shardText(c.shard)} plays games ${range.first}–${range.stop - 1} (${range.stop - range.first})`;
  return [
    ['preset', presetTitle(c.setup)],
    ['players', String(c.setup.players)],
    ['deck', mixLabel(c.setup)],
    ['rules', rulesText(c.setup)],
    // Escaped (the parsers refuse control characters in both; a stored run may predate that).
    ['agents', visibleLine(c.seating.text)],
    ['seed', visibleLine(c.seed)],
    ['games', games],
    ...(c.policy === undefined || c.policy === 'keep' ? [] : [['policy', `${c.policy}: ${c.policy === 'forfeit' ? 'the failing side loses a game where an agent fell back' : 'a game where an agent fell back is left out'}`]]),
  ].flatMap(([k, v]) => hanging(`  ${k!.padEnd(8)} `, v!)); // a long value (programs in the agents) wraps under itself
}

export interface Summary {
  readonly config: RunConfig;
  readonly outcome: RunOutcome;
  readonly db: string | null;
  readonly workers: number;
  /** Games already stored when this invocation started (a resume). */
  readonly before: number;
  /** With LLM seats: usage lines and the JSON `llm` object (llm-run.ts). */
  readonly llm?: { readonly lines: readonly string[]; readonly json: Record<string, unknown> } | undefined;
  /** The run's first stored game (the one the summary suggests showing); undefined: none is stored. */
  readonly firstStored?: number | undefined;
  /** With process agents: their counts and log (exec-run.ts). */
  readonly exec?: { readonly lines: readonly string[]; readonly json: Record<string, unknown> } | undefined;
  /** Where an agent fell back in a stored game: the games it happened in, and the village's rate under each failure policy. */
  readonly failures?: RunFailures | undefined;
}

/** What each policy does with a game in which an agent fell back, in a few words. */
const POLICY_GLOSS: Readonly<Record<string, string>> = { keep: 'counted as played', forfeit: 'the failing side loses', void: 'failed games left out' };

/** The village's rate under each failure policy (text), and the same as JSON. */
function failureLines(f: RunFailures, policy: RunPolicy): string[] {
  const out = [
    `  failed      ${gamesText(f.failed)}: a village seat fell back in ${f.villageFailed}, a werewolf seat in ${f.wolvesFailed}`,
    `  the village under each failure policy (>: this run's; docs/sequential.md):`,
  ];
  for (const r of f.readings) {
    const ci = r.games === 0 ? null : wilson(r.villageWins, r.games);
    const rate = ci === null ? '—'.padStart(6) : pct(r.villageWins / r.games).padStart(6);
    const interval = ci === null ? '' : `${pct(ci.low)} – ${pct(ci.high)}`;
    const mark = r.policy === policy ? '>' : ' ';
    out.push(`  ${mark} ${r.policy.padEnd(8)} ${rate}   ${interval.padEnd(15)} ${gamesText(r.games).padStart(11)}   ${POLICY_GLOSS[r.policy]}`);
  }
  return out;
}

function failuresJson(f: RunFailures) {
  return {
    failed: f.failed,
    villageFailed: f.villageFailed,
    wolvesFailed: f.wolvesFailed,
    policies: Object.fromEntries(f.readings.map((r) => [r.policy, { games: r.games, villageWins: r.villageWins, wolvesWins: r.wolvesWins }])),
  };
}

/** The run's header (what is played, and where it is stored): printed before the progress bar. */
export function runHeader(c: RunConfig, db: string | null, runId: number | null): string {
  return [`werewolf-lab sim${runId === null ? '' : ` · run ${runId}`}${db === null ? ' · not stored' : ` · ${db}`}`, ...configLines(c), ''].join('\n') + '\n';
}

/** The results for people; with `header` (default) the run's header first, else the results alone (the header was printed before the run). */
export function humanSummary(s: Summary, header = true): string {
  const { outcome: o, config: c } = s;
  const t = o.tally;
  const out: string[] = header ? [runHeader(c, s.db, o.run?.id ?? null).trimEnd(), ''] : [];
  // Under forfeit or void the table is still the games as played; the policy's reading is under "failed".
  const asPlayed = c.policy === undefined || c.policy === 'keep' ? '' : '   (as played)';
  out.push(`  ${'side'.padEnd(11)} ${'wins'.padStart(9)} ${'rate'.padStart(7)}   95% interval${asPlayed}`);
  const rates = t.rates();
  for (const side of SIDES) {
    const r = rates[side];
    out.push(`  ${side.padEnd(11)} ${String(t.wins[side]).padStart(9)} ${r === null ? '' : `${pct(r.rate).padStart(7)}   ${pct(r.low)} – ${pct(r.high)}`}`);
  }
  const days = t.days95();
  const daysInterval = days.low === null ? '' : `95% interval ${days.low.toFixed(2)} – ${days.high!.toFixed(2)}   `;
  out.push('', `  mean days   ${days.mean.toFixed(2)}   ${daysInterval}(${gamesText(t.games)})`);
  const used = o.workers;
  const fewer = used < s.workers ? ` (${s.workers} asked: the games made only ${used} chunk${used === 1 ? '' : 's'})` : '';
  const where = used === 0 || c.seating.async ? 'in this thread' : `on ${used} worker${used === 1 ? '' : 's'}${fewer}`;
  const speed = o.seconds > 0 ? gamesPerSecond(o.played / o.seconds) : '—';
  if (o.played > 0) out.push(`  played      ${gamesText(o.played)} in ${o.seconds.toFixed(2)} s: ${speed} games/s ${where}`);
  if (t.games < o.planned) out.push(`  incomplete  ${t.games} of ${gamesText(o.planned)} stored`);
  if (s.before > 0) out.push(`  resumed     ${s.before === 1 ? '1 game was' : `${s.before} games were`} already stored${o.played === 0 && t.games === o.planned ? ': the run is complete, nothing to play' : ''}`);
  if (s.llm !== undefined) out.push(...s.llm.lines, '');
  if (s.exec !== undefined) out.push(...s.exec.lines, '');
  if (s.failures !== undefined) out.push(...failureLines(s.failures, c.policy ?? 'keep'), '');
  if (o.run !== null && s.db !== null) {
    const see = s.firstStored === undefined ? 'no game of it is stored yet' : `see a game: sim show --db ${s.db} --run ${o.run.id} --game ${s.firstStored}`;
    out.push(`  stored in   ${s.db} as run ${o.run.id} (${see})`);
    if (c.shard.n > 1) out.push(`  shards      merge them when all are done: sim merge shard-*.db --into all.db`);
  }
  return out.join('\n') + '\n';
}

export function jsonSummary(s: Summary): Record<string, unknown> {
  const { outcome: o, config: c } = s;
  const range = shardRange(c.games, c.shard);
  const days = o.tally.days95();
  return {
    run: o.run?.id ?? null,
    db: s.db,
    seed: c.seed,
    games: o.tally.games,
    planned: o.planned,
    played: o.played,
    complete: o.tally.games === o.planned,
    shard: shardText(c.shard),
    indices: { first: range.first, stop: range.stop },
    wins: o.tally.wins,
    rates: o.tally.rates(),
    meanDays: days.mean,
    meanDaysLow: days.low,
    meanDaysHigh: days.high,
    gamesPerSecond: o.seconds > 0 ? o.played / o.seconds : 0,
    seconds: o.seconds,
    workers: c.seating.async ? 0 : o.workers,
    setup: {
      preset: c.setup.preset,
      players: c.setup.players,
      deck: mixLabel(c.setup),
      rules: changedRules(c.setup),
      options: c.setup.options,
    },
    agents: c.seating.text,
    policy: c.policy ?? 'keep',
    key: o.run?.key ?? null,
    versions: o.run === null ? null : versionsOf(o.run),
    ...(s.llm === undefined ? {} : { llm: s.llm.json }),
    ...(s.exec === undefined ? {} : { exec: s.exec.json }),
    ...(s.failures === undefined ? {} : { failures: failuresJson(s.failures) }),
  };
}

export function versionsOf(r: RunRow) {
  return { package: r.packageVersion, node: r.nodeVersion, codeHash: r.codeHash, git: r.git };
}

