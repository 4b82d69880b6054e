// `sim persuasion`: what the speeches of the chosen agents changed, measured by silencing
// each one and playing the rest of its day K times both ways (studies/persuasion.ts). The
// study is planned read-only (bad input writes nothing), estimated with --dry-run, then
// played into the database as a study of its own, which the same command continues after
// any stop. Printed: per agent × side, the mean vote shift, outcome shift, side shift and
// accused shift per speech with 95% intervals, beside the reference agent's; --json: rows
// as `sim metrics` prints them. Studies of games with models go through persuasion-llm.ts.

import { usd } from '../../agents/llm/prices.js';
import { persuasionTable } from '../../reports/persuasion-table.js';
import { renderTable } from '../../reports/terminal.js';
import { wrap } from '../../narrate/width.js';
import { parseSeed } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { DEFAULT_SAMPLES, SILENCES, type Silence } from '../../studies/persuasion.js';
import { didYouMean } from '../../engine/index.js';
import { checkReplays, estimateStudy, openStudy, planStudy, playStudy, type StudyEngine, type StudyPlan, type StudyRun } from '../../studies/study.js';
import { findStudy, measuredGames, studySpeeches } from '../../studies/study-store.js';
import { summarize } from '../../studies/summary.js';
import { count, DEFAULT_DB, listFlag } from './args.js';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { checkStoredEndpoints, llmFlagsGiven, type LlmArgs } from './llm-args.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { terminalWidth, type CliIo } from './io.js';
import { grouped } from '../../narrate/numbers.js';

export interface PersuasionArgs extends LlmArgs {
  db?: string | undefined;
  run?: string | undefined;
  tournament?: string | undefined;
  agents?: string[] | undefined;
  reference?: string | undefined;
  games?: string | undefined;
  samples?: string | undefined;
  seed?: string | undefined;
  silence?: string | undefined;
  json: boolean;
}

/** `--silence`'s word, checked. */
function silenceFrom(text: string | undefined): Silence {
  if (text === undefined) return 'all';
  const t = text.trim();
  if ((SILENCES as readonly string[]).includes(t)) return t as Silence;
  fail(`--silence '${text}'${didYouMean(t, SILENCES)}: choose all (the speech's words and claims), claims (its claims; the words stay) or words (its words; the claims stay)`);
}

const SILENCE_WORDS: Readonly<Record<Silence, string>> = {
  all: 'each speech against silence (no words, no claims)',
  claims: 'each speech against the same words without its claims',
  words: 'each speech against the same claims without its words',
};

export function printStudy(io: CliIo, store: Store, plan: StudyPlan, studyId: number, outcome: StudyRun | null, json: boolean, extra?: { readonly lines: readonly string[]; readonly json: Record<string, unknown> }): void {
  const speeches = studySpeeches(store, studyId);
  const rows = summarize(speeches);
  const games = new Set(speeches.map((s) => `${s.run}:${s.game}`)).size;
  if (json) {
    io.stdout.write(
      JSON.stringify({
        study: studyId,
        key: plan.key,
        source: plan.label,
        games: plan.games.length,
        measured: outcome?.total ?? plan.games.length,
        speeches: speeches.length,
        samples: plan.samples,
        seed: plan.seed,
        silence: plan.silence,
        reference: plan.reference,
        rows,
        ...(extra === undefined ? {} : { llm: extra.json }),
      }) + '\n',
    );
    return;
  }
  const width = terminalWidth(io);
  const lines = [
    ...wrap(`Persuasion study ${studyId} of ${plan.label} (${store.path}): ${grouped(outcome?.total ?? plan.games.length)} of ${grouped(plan.games.length)} games measured` +
      `${plan.missing > 0 ? ` (${plan.missing} more not stored)` : ''}, ${grouped(speeches.length)} speeches in ${games} games, ${plan.samples} samples a speech in each arm: ${SILENCE_WORDS[plan.silence]}`, width),
    ...(outcome === null ? [] : [`  played now: ${outcome.measured} game${outcome.measured === 1 ? '' : 's'}`]),
    ...(speeches.length === 0 && plan.silence !== 'all'
      ? [`  No speech of these agents holds ${plan.silence === 'words' ? 'words (bots speak in claims only)' : 'claims'}: nothing to silence.`]
      : []),
    '',
    ...renderTable(persuasionTable(rows, plan), width),
    ...(extra?.lines ?? []),
  ];
  io.stdout.write(lines.join('\n') + '\n');
}

export async function persuasionCommand(a: PersuasionArgs, io: CliIo): Promise<number> {
  if (a.run !== undefined && a.tournament !== undefined) fail('give --run R or --tournament T, not both');
  const samples = a.samples === undefined ? DEFAULT_SAMPLES : count('samples', a.samples, 1, 1000);
  const games = a.games === undefined ? undefined : count('games', a.games, 1);
  const seed = unwrap(parseSeed(a.seed ?? '1'));
  const agents = listFlag('agents', a.agents, 'heuristic');
  const silence = silenceFrom(a.silence);
  if (a.reference !== undefined && a.reference.trim() === '') fail('--reference needs an agent spec, e.g. --reference heuristic');
  const dbPath = a.db ?? DEFAULT_DB;
  if (dbPath.trim() === '') fail('--db needs a file path');
  // Planned read-only: a refused study writes nothing.
  const check = unwrap(Store.open(dbPath, 'read'));
  let plan: StudyPlan;
  try {
    const runs = a.tournament !== undefined ? [] : [a.run === undefined ? (check.latestRun()?.id ?? fail(`${dbPath} holds no runs yet: play one with \`sim --games N --db ${dbPath}\``)) : count('run', a.run, 1)];
    plan = unwrap(
      planStudy(check, {
        runs,
        tournament: a.tournament === undefined ? undefined : count('tournament', a.tournament, 1),
        games,
        agents: agents.length === 0 ? undefined : agents,
        reference: a.reference,
        samples,
        seed,
        silence,
      }),
    );
    if (!plan.llm) {
      const given = llmFlagsGiven(a).filter((f) => f !== '--dry-run');
      if (given.length > 0) fail(`${given.join(', ')} appl${given.length === 1 ? 'ies' : 'y'} to studies of games that seat a model; ${plan.label} seats none`);
    }
    if (a.dryRun === true) {
      if (plan.llm) return await (await import('./persuasion-llm.js')).dryRunLlm(check, dbPath, plan, a, io);
      const e = unwrap(await estimateStudy(plan, undefined));
      if (a.json) io.stdout.write(JSON.stringify({ dryRun: true, ...e }) + '\n');
      else io.stdout.write(`Estimate: ${e.games} games, ${e.speeches} speeches, ${grouped(e.arms)} arms to play (2 × ${samples} a speech); no model: ${usd(0)}.\nNothing was played and nothing was written (--dry-run).\n`);
      return 0;
    }
    // A study already complete is printed from the file, which stays untouched.
    const found = findStudy(check, plan.key);
    if (found !== undefined) {
      const done = studyDone(check, found.id, plan);
      if (done) {
        printStudy(io, check, plan, found.id, null, a.json);
        return 0;
      }
    }
    // Every game to measure must replay before the study is written: a refused study writes nothing.
    if (plan.llm) checkStoredEndpoints(plan.games.flatMap((g) => llmSpecsOf(g.config.seating)), a, plan.label);
    if (plan.llm) await (await import('./persuasion-llm.js')).checkLlmReplays(check, dbPath, plan, found, a);
    else unwrap(await checkReplays({ store: check, plan, study: found, record: undefined }));
  } finally {
    check.close();
  }
  if (plan.llm) return (await import('./persuasion-llm.js')).playLlmStudy(dbPath, plan, a, printStudy, io);
  const store = unwrap(Store.open(dbPath, 'update'));
  try {
    const { study } = openStudy(store, plan);
    const interrupt = onInterrupt(io, { clear: () => {}, continueHint: 'run the same command again', stoppingMessage: 'stopping after the game being measured' });
    let outcome: StudyRun;
    try {
      outcome = unwrap(await runStudy(io, store, plan, study.id, {}, interrupt.stopping));
    } finally {
      interrupt.dispose();
    }
    printStudy(io, store, plan, study.id, outcome, a.json);
    if (outcome.stopped !== null) {
      io.stderr.write(`sim: the study stopped (${outcome.stopped}) after ${outcome.total} of ${plan.games.length} games; run the same command to continue it\n`);
      return EXIT_INTERRUPTED;
    }
    return 0;
  } finally {
    store.close();
  }
}

/** Whether every game of the plan is measured. */
function studyDone(store: Store, study: number, plan: StudyPlan): boolean {
  return measuredGames(store, study).size >= plan.games.length;
}

/** Plays the study's missing games (progress on stderr when it is a terminal). */
export async function runStudy(io: CliIo, store: Store, plan: StudyPlan, studyId: number, engine: StudyEngine, stopping: () => boolean) {
  const study = findStudy(store, plan.key)!;
  if (study.id !== studyId) throw new Error('the study changed under the command');
  const tty = io.stderr.isTTY === true;
  const r = await playStudy({
    store,
    plan,
    study,
    engine,
    stopping,
    onGame: (done, total) => {
      if (tty) io.stderr.write(`\r  measured ${done} of ${total} games`);
    },
  });
  if (tty) io.stderr.write('\r\x1b[K');
  return r;
}
