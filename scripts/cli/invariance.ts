// `sim invariance`: checks and printing (its flags: flags/invariance.ts); the study is
// tournaments/invariance.ts. Plays in this process and stores no game. Bots are played in
// this thread; with models among the entrants the arms go through an LLM session whose
// calls are recorded (invariance-llm.ts); programs (exec:) are started once and serve every
// arm's games.

import { parseAgentSpec } from '../../agents/registry.js';
import { didYouMean, mixLabel } from '../../engine/index.js';
import { toJsonObject } from '../../reports/export.js';
import { labelled, renderTable } from '../../reports/terminal.js';
import { wrap } from '../../narrate/width.js';
import { changedRules, parseSeed } from '../../runs/run-config.js';
import { pairsOf, runInvariance, runInvarianceWith, type ArmPlayer, type InvarianceRequest, type InvarianceResult } from '../../tournaments/invariance.js';
import { CONTROL_WORDS, CONTROLS, type Control } from '../../tournaments/controls.js';
import { DEFAULT_INVARIANCE_GAMES, type InvarianceCliArgs } from './flags/invariance.js';
import { invarianceTable } from '../../reports/invariance-table.js';
import { entrantSpecs, sidesPairing } from '../../tournaments/schedule.js';
import { GamePlayer } from '../../runs/games.js';
import { SIDES } from '../../engine/index.js';
import type { ExecHost } from '../../agents/exec/host.js';
import { execSettingsFrom, startExec } from './exec-run.js';
import { setupLabel } from '../../tournaments/tournament-data.js';
import { count, dbPathFrom, DEFAULT_SEED, listFlag, setupFrom } from './args.js';
import { llmSettingsFrom, noLlmFlags } from './llm-args.js';
import { fail, unwrap } from './errors.js';
import { terminalWidth, type CliIo } from './io.js';

function controlFrom(text: string): Control {
  const c = text.trim();
  if ((CONTROLS as readonly string[]).includes(c)) return c as Control;
  fail(`--control '${text}'${didYouMean(c, CONTROLS)}: the controls are ${CONTROLS.map((x) => `${x} (${CONTROL_WORDS[x]})`).join('; ')}`);
}

export async function invarianceCommand(a: InvarianceCliArgs, io: CliIo): Promise<number> {
  const entrants = unwrap(entrantSpecs(listFlag('agents', a.agents, 'heuristic').map((t) => ['--agents', t] as const)));
  if (entrants.length < 2) fail('an invariance study ranks two entrants or more: give --agents twice or more, e.g. --agents random --agents heuristic');
  let models = false;
  for (const e of entrants) if (unwrap(parseAgentSpec(e)).kind.llm === true) models = true;
  // By default every control that can move these entrants: bots are not told the choices control.
  const controls = a.control === undefined ? CONTROLS.filter((c) => models || c === 'seats' || c === 'speaking') : listFlag('control', a.control, 'seats').map(controlFrom);
  if (models && a.games === undefined) fail(`an entrant is a model: give --games N (deals per pairing, each played as dealt and under ${controls.length === 1 ? 'the control' : `each of ${controls.length} controls`}; ${entrants.length ** 2} pairings)`);
  if (!models) noLlmFlags(a, entrants.join(', '));
  const games = a.games === undefined ? DEFAULT_INVARIANCE_GAMES : count('games', a.games, 1, 1_000_000);
  const seed = unwrap(parseSeed(a.seed ?? DEFAULT_SEED));
  const setup = setupFrom(a);
  const request = { entrants, setup, seed, games, controls };
  const seatings = pairsOf(entrants).map((p) => sidesPairing(p.wolves, p.village).seating);
  const execSettings = execSettingsFrom(a, seatings);
  if (execSettings?.log !== undefined) fail("--agent-log: sim invariance stores nothing and writes no agents' log; sim agent-check shows a program's protocol errors");
  let llm: Awaited<ReturnType<typeof import('./invariance-llm.js')['invarianceWithModels']>> | undefined;
  let r: InvarianceResult;
  // Process agents start (and must greet) before anything else is opened; they serve every arm.
  const host = execSettings === null ? undefined : await startExec(seatings, execSettings, { seed }, io);
  try {
    if (models) {
      const settings = llmSettingsFrom(a, io.env);
      if (settings.dryRun) fail('sim invariance has no --dry-run: sim tournament --dry-run with the same entrants and --games estimates one arm');
      const { invarianceWithModels } = await import('./invariance-llm.js');
      llm = await invarianceWithModels({ ...request, settings, exec: host, db: dbPathFrom(a.db) ?? fail("--no-db: a model's calls are recorded in a file; give --db FILE or --llm-cache FILE") }, io);
      r = llm.result;
    } else if (host !== undefined) r = unwrap(await runInvarianceWith(request, programArms(request, host)));
    else r = unwrap(runInvariance(request));
  } finally {
    await host?.close();
  }
  const table = invarianceTable(r);
  if (a.json) {
    io.stdout.write(JSON.stringify({ entrants, controls, seed, games, rows: r.rows, stable: r.stable, table: toJsonObject(table), ...(llm === undefined ? {} : { llm: llm.json }) }) + '\n');
    if (llm?.stop != null) io.stderr.write(`${llm.stop.message}\n`);
    return llm?.stop?.exit ?? 0;
  }
  const width = terminalWidth(io);
  const verdicts = controls.map((c) => verdictOf(r, c));
  const lines = [
    ...wrap(`werewolf-lab invariance: ${setupLabel({ players: setup.players, deck: mixLabel(setup), preset: setup.preset, rules: changedRules(setup).join(' ') })}`, width),
    ...labelled(
      [
        ['entrants', entrants.join(', ')],
        ['games', `${games} deals per pairing (every ordered pair, each against itself), seed ${seed}: played as dealt and under each control`],
        ...controls.map((c): [string, string] => [c, CONTROL_WORDS[c]]),
      ],
      width,
    ),
    '',
    ...renderTable(table, width),
    '',
    ...verdicts.flatMap((v) => wrap(v, width)),
  ];
  if (llm !== undefined) lines.push(...llm.lines);
  io.stdout.write(lines.join('\n') + '\n');
  if (llm?.stop != null) io.stderr.write(`${llm.stop.message}\n`);
  return llm?.stop?.exit ?? 0;
}

/**
 * What a control did, in a line: held (the same ranking, every shift's interval holding
 * 0); reranked within noise (a rank changed, no interval excludes 0: the deals do not
 * tell those entrants apart); or MOVED (a shift whose interval excludes 0), naming them.
 */
export function verdictOf(r: Pick<InvarianceResult, 'rows' | 'stable'>, c: Control): string {
  if (r.stable[c] === true) return `${c}: the ranking is the same and no score moved beyond noise`;
  const rows = r.rows.filter((x) => x.control === c);
  const moved = rows.filter((x) => !(x.low <= 0 && x.high >= 0));
  const reranked = rows.filter((x) => x.rank !== x.baseRank).map((x) => `${x.entrant} ${x.baseRank}→${x.rank}`);
  if (moved.length === 0) return `${c}: the ranking changed (${reranked.join(', ')}), but no score moved beyond noise: these deals do not tell those entrants apart`;
  return `${c}: MOVED — ${moved.map((x) => x.entrant).join(', ')}${reranked.length > 0 ? `; the ranking changed (${reranked.join(', ')})` : ''}`;
}

/** The arms of a study with programs and bots: each pairing's games one after the other, the programs serving them all. */
function programArms(r: InvarianceRequest, host: ExecHost): ArmPlayer {
  return async (pairs, control) => {
    const winners: Int8Array[] = [];
    for (const p of pairs) {
      const player = new GamePlayer({ setup: r.setup, seed: r.seed, seating: sidesPairing(p.wolves, p.village).seating, control, exec: host });
      const out = new Int8Array(r.games);
      for (let i = 0; i < r.games; i++) out[i] = SIDES.indexOf((await player.playAsync(i)).played.outcome.winner);
      winners.push(out);
    }
    return { pairs, winners };
  };
}
