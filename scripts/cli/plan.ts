// `sim plan`: wiring and printing (its flags: flags/plan.ts); the work is
// tournaments/plan.ts (the pilot's runs, a played tournament's comparisons) over
// stats/plan.ts. Two forms:
//   sim plan --agents A --agents B [--pilot N] …   plays (or reads) a pilot and forecasts
//   sim plan --db PATH --tournament ID …           how far a played tournament is from settled
// Models: --dry-run prices the pilot without calling anything; without it the pilot is
// played under --max-cost through the tournaments' LLM session.

import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { parseSeating } from '../../agents/registry.js';
import { mixLabel } from '../../engine/index.js';
import { toJsonObject } from '../../reports/export.js';
import { comparisonTable, forecastTable, type PlanPrices } from '../../reports/plan-tables.js';
import { labelled, renderTable } from '../../reports/terminal.js';
import { wrap } from '../../narrate/width.js';
import { changedRules, parseSeed } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { checkTarget, planPilot, runPilot, storedComparisons, type OpenPilot, type PilotPlan } from '../../tournaments/plan.js';
import { DEFAULT_OPPONENT } from '../../tournaments/schedule.js';
import { setupLabel } from '../../tournaments/tournament-data.js';
import { tournament } from '../../tournaments/tournament-store.js';
import { count, dbPathFrom, decimal, DEFAULT_SEED, executionFrom, listFlag, setupFrom } from './args.js';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { llmSettingsFrom, noLlmFlags } from './llm-args.js';
import { noProcessAgents } from './exec-run.js';
import { playPairingsFromCli } from './pairing-play.js';
import { DEFAULT_DELTA, DEFAULT_ERROR } from './flags/sprt.js';
import { DEFAULT_PILOT, DEFAULT_POWER, type PlanCliArgs } from './flags/plan.js';
import type { CliIo } from './io.js';

function targetFrom(a: PlanCliArgs) {
  return unwrap(
    checkTarget({
      delta: a.delta === undefined ? DEFAULT_DELTA : decimal('delta', a.delta, '0.05'),
      alpha: a.alpha === undefined ? DEFAULT_ERROR : decimal('alpha', a.alpha, '0.05'),
      power: a.power === undefined ? DEFAULT_POWER : decimal('power', a.power, '0.8'),
    }),
  );
}

export async function planCommand(a: PlanCliArgs, io: CliIo): Promise<number> {
  const id = a.tournament;
  return id !== undefined ? planTournamentCommand({ ...a, tournament: id }, io) : planPilotCommand(a, io);
}

function planTournamentCommand(a: PlanCliArgs & { tournament: string }, io: CliIo): number {
  const given = (['agents', 'opponent', 'pilot', 'preset', 'players', 'roles', 'rule', 'seed'] as const).filter((k) => a[k] !== undefined);
  if (given.length > 0) fail(`--tournament plans a played tournament: its entrants, setup and seed are its own; drop ${given.map((k) => `--${k}`).join(', ')}`);
  noLlmFlags(a, 'a played tournament');
  const target = targetFrom(a);
  if (!/^\d+$/.test(a.tournament.trim())) fail(`--tournament '${a.tournament}' is not a tournament id (a whole number; sim tournament prints it)`);
  const db = dbPathFrom(a.db) ?? fail('--tournament reads a results database: give --db PATH');
  const store = unwrap(Store.open(db, 'read'));
  try {
    const t = tournament(store, Number(a.tournament)) ?? fail(`${db} has no tournament ${a.tournament.trim()} (sim report --db ${db} lists its tournaments)`);
    const rows = unwrap(storedComparisons(store, t, target));
    const table = comparisonTable(rows, target);
    if (a.json) io.stdout.write(JSON.stringify({ db, tournament: t.id, entrants: t.entrants, seed: t.seed, ...target, comparisons: rows, table: toJsonObject(table) }) + '\n');
    else {
      const head = wrap(`werewolf-lab plan: tournament ${t.id} (${t.entrants.join(', ')}), ${t.games} games per pairing, seed ${t.seed}`, 80);
      const open = rows.filter((r) => r.status === 'open').length;
      head.push(...labelled([['target', `separate a difference of ${target.delta} in win rate either way (alpha ${target.alpha}, power ${target.power}), or call it a tie within ±${target.delta}`], ['open', `${open} of ${rows.length} comparisons`]]));
      io.stdout.write([...head, '', ...renderTable(table)].join('\n') + '\n');
    }
    return 0;
  } finally {
    store.close();
  }
}

async function planPilotCommand(a: PlanCliArgs, io: CliIo): Promise<number> {
  const exec = executionFrom({ workers: a.workers, concurrency: a.concurrency, batch: undefined, json: a.json }, io);
  const target = targetFrom(a);
  const agents = listFlag('agents', a.agents, 'heuristic');
  if (agents.length === 0) fail('name the two agents to tell apart: --agents A --agents B (or plan a played tournament: --db PATH --tournament ID)');
  const setup = setupFrom(a);
  const plan = unwrap(
    planPilot({
      agents,
      opponent: a.opponent ?? DEFAULT_OPPONENT,
      pilot: a.pilot === undefined ? DEFAULT_PILOT : count('pilot', a.pilot, 2, 2 ** 31 - 1),
      target,
      setup,
      seed: unwrap(parseSeed(a.seed ?? DEFAULT_SEED)),
    }),
  );
  noProcessAgents([plan.a, plan.b, plan.opponent], 'sim plan');
  const db = dbPathFrom(a.db);
  if (db === null) fail('the pilot is stored as runs: it needs a database (drop --no-db, or give --db PATH)');
  const models = llmSpecsOf(unwrap(parseSeating([plan.a, plan.b, plan.opponent])));
  let llm: typeof import('./tournament-llm.js') | undefined;
  let settings: ReturnType<typeof llmSettingsFrom> | undefined;
  let prices: PlanPrices | undefined;
  if (models.length === 0) noLlmFlags(a, [plan.a, plan.b, plan.opponent].join(', '));
  else {
    settings = llmSettingsFrom(a, io.env);
    llm = await import('./tournament-llm.js');
    prices = llm.pilotPrices(plan, settings);
    if (settings.dryRun) return printDryRun(plan, prices, llm.pilotCost(plan, settings), a.json, io);
    if (a.pilot === undefined) fail(`an agent is a model: give --pilot N (games of each on each side; 4 runs) and --max-cost USD — sim plan … --dry-run prices it first`);
    llm.checkPilotModels(plan, settings);
  }
  const played = await playPairingsFromCli({
    db,
    json: a.json,
    continueHint: 'run the same sim plan again to continue the pilot',
    models: llm === undefined ? undefined : (store, open: OpenPilot) => llm.startPilotModels(store, open, settings!, db),
    run: (io) => runPilot(db, plan, { workers: exec.workers, threadFirst: exec.threadFirst, concurrency: exec.concurrency }, io),
  }, io);
  if ('exit' in played) return played.exit;
  const out = played.kept;
  if (out.result === null) throw new Error('sim plan: a kept pilot without its forecasts');
  const table = forecastTable(out.result, { ...target, prices });
  const runs = [...new Set(out.open.pairings.map((l) => l.run.id))];
  if (a.json)
    io.stdout.write(
      JSON.stringify({ a: plan.a, b: plan.b, opponent: plan.opponent, pilot: plan.pilot, seed: plan.seed, ...target, db, runs, sides: out.result, prices: prices ?? null, table: toJsonObject(table), played: out.play.played, stopped: out.play.stopped, llm: out.llm?.json ?? null }) +
        '\n',
    );
  else {
    const lines = [
      ...wrap(`werewolf-lab plan: A = ${plan.a} against B = ${plan.b}, each side against ${plan.opponent}`, 80),
      ...labelled([
        ['pilot', `${plan.pilot} games of each on each side, game i of both from ${plan.seed}#i; ${out.play.played} played now; runs ${runs.join(', ')} of ${db}`],
        ['setup', setupLabel({ players: setup.players, deck: mixLabel(setup), preset: setup.preset, rules: changedRules(setup).join(' ') })],
        ['target', `separate a difference of ${target.delta} in win rate (alpha ${target.alpha}, power ${target.power})`],
      ]),
      '',
      ...renderTable(table),
      ...(out.llm?.lines ?? []),
    ];
    if (out.play.stopped) lines.push('', ...wrap('The pilot was stopped before all its games were played: the figures use the pairs stored so far; run the same command again to finish it.', 80));
    io.stdout.write(lines.join('\n') + '\n');
  }
  if (out.stop !== null) {
    io.stderr.write(out.stop.message + '\n');
    return out.stop.exit;
  }
  return out.play.stopped ? EXIT_INTERRUPTED : 0;
}

function printDryRun(plan: PilotPlan, prices: PlanPrices, cost: { readonly cost: number | null; readonly maxCost: number | null }, json: boolean, io: CliIo): number {
  if (json) {
    io.stdout.write(JSON.stringify({ dryRun: true, a: plan.a, b: plan.b, opponent: plan.opponent, pilot: plan.pilot, seed: plan.seed, perPair: prices.perPair, pilotCost: cost.cost, pilotMaxCost: cost.maxCost }) + '\n');
    return 0;
  }
  const usd = (x: number | null) => (x === null ? 'no price' : `$${x.toFixed(4)}`);
  const lines = [
    ...wrap(`Estimate for the pilot of A = ${plan.a} against B = ${plan.b} (measured on simulated games; an estimate, not a quote):`, 80),
    ...labelled([
      ['per pair', `${usd(prices.perPair['werewolves'] ?? null)} as the werewolves, ${usd(prices.perPair['village'] ?? null)} as the village (a game of A and a game of B)`],
      ['pilot', `${plan.pilot} pairs on each side: ${usd(cost.cost)} (at most ${usd(cost.maxCost)})`],
      ['then', 'the games a comparison needs depend on how alike A and B play, which the pilot measures: run the same command without --dry-run (with --max-cost)'],
    ]),
    'Nothing was called and nothing was written (--dry-run).',
  ];
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}
