// `sim fork`: replay a stored game up to decision N (numbered by `sim show`), make one edit
// there, play on with the run's agents, and print the original and the fork side by side
// from N on (studies/fork-game.ts does the work). Everything is checked before anything
// is written: the flags, the run and game, the replay against the stored result, the
// decision and whether the edit fits it. A bot fork writes nothing but the pages it is
// asked for (--out: the two games side by side, and each as a replay page); a fork with
// models records the calls it had to make (fork-llm.ts, loaded only then).

import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { forkHtml } from '../../reports/fork-page.js';
import { writeAtomic } from '../../commands/report.js';
import { Store } from '../../runs/storage.js';
import { parseClaim, type Edit } from '../../studies/edit.js';
import { replayPage } from '../../reports/replay-page.js';
import { forkBots, forkPoint, forkView, type ForkOutcome, type ForkView } from '../../studies/fork-game.js';
import { replayTraced, storedGame, type StoredGame, type TracedGame } from '../../studies/stored.js';
import { count, DEFAULT_DB } from './args.js';
import { fail, unwrap } from './errors.js';
import { hanging, wrap } from '../../narrate/width.js';
import { checkStoredEndpoints, noLlmFlags, type LlmArgs } from './llm-args.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import type { CliIo } from './io.js';

export interface ForkArgs extends LlmArgs {
  db?: string | undefined;
  run?: string | undefined;
  game?: string | undefined;
  at?: string | undefined;
  silence?: boolean | undefined;
  say?: string | undefined;
  claim?: string[] | undefined;
  answer?: string | undefined;
  json: boolean;
  out?: string | undefined;
}

/** The edit the flags ask for (exactly one kind); claims are read once the game's size is known. */
function editFlags(a: ForkArgs): { readonly kind: 'silence' } | { readonly kind: 'speech'; readonly say: string | undefined; readonly claims: readonly string[] } | { readonly kind: 'answer'; readonly value: string } {
  const speech = a.say !== undefined || a.claim !== undefined;
  const given = [a.silence === true, speech, a.answer !== undefined].filter(Boolean).length;
  if (given === 0)
    fail('sim fork needs one edit: --silence, --say TEXT and/or --claim SPEC (a speech), or --answer VALUE (any other decision; the stored answer reproduces the game)');
  if (given > 1) fail('give one edit: --silence, or --say/--claim, or --answer — not several');
  if (a.silence === true) return { kind: 'silence' };
  if (a.answer !== undefined) {
    if (a.answer.trim() === '') fail('--answer needs a value, e.g. --answer P3 or --answer none');
    return { kind: 'answer', value: a.answer };
  }
  if (a.claim !== undefined && a.claim.length === 0) fail('--claim needs a value, e.g. --claim seer or --claim seen=P4:werewolf');
  return { kind: 'speech', say: a.say, claims: a.claim ?? [] };
}

/** `--out FILE.html`: where the page goes, checked before anything is played. */
function outPath(out: string | undefined): string | undefined {
  if (out === undefined) return undefined;
  const path = out.trim();
  if (!/\.html?$/i.test(path)) fail(`--out names the page to write, a file ending in .html (not '${out}')`);
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) fail(`--out ${path}: the directory ${dir} does not exist (create it first)`);
  if (existsSync(path) && statSync(path).isDirectory()) fail(`--out ${path} is a directory: give a file path ending in .html`);
  return path;
}

export async function forkCommand(a: ForkArgs, io: CliIo): Promise<number> {
  if (a.game === undefined) fail('sim fork needs --game G (the game index, from 0) and --at N (a decision number, as sim show prints them)');
  if (a.at === undefined) fail('sim fork needs --at N: the number of the decision to change, as sim show prints them (#N)');
  const index = count('game', a.game, 0);
  const at = count('at', a.at, 0);
  const flags = editFlags(a);
  const out = outPath(a.out);
  const dbPath = a.db ?? DEFAULT_DB;
  if (dbPath.trim() === '') fail('--db needs a file path');
  const store = unwrap(Store.open(dbPath, 'read'));
  let llm = false;
  try {
    const runId = a.run === undefined ? (store.latestRun()?.id ?? fail(`${dbPath} holds no runs yet: play one with \`sim --games N --db ${dbPath}\``)) : count('run', a.run, 1);
    const g = unwrap(storedGame(store, runId, index, 'forked'));
    if (g.row === undefined)
      fail(`game ${index} is not stored in run ${runId} (it was not played to its end): a fork starts from a stored game (sim resume --db ${dbPath} --run ${runId} plays it)`);
    const players = g.config.setup.players;
    const edit: Edit =
      flags.kind === 'speech'
        ? { kind: 'speech', claims: flags.claims.map((c) => unwrap(parseClaim(c, players))), text: flags.say }
        : flags;
    if (g.llm) {
      if (a.dryRun !== true) checkStoredEndpoints(llmSpecsOf(g.config.seating), a, `run ${g.run.id}`);
      llm = true;
    } else {
      noLlmFlags(a, g.config.seating.text);
      const original = unwrap(await replayTraced(g, undefined));
      if (original.matches === false)
        fail(`game ${index} of run ${runId} does not replay to its stored result (the run was played by other code, ${g.run.codeHash}): it cannot be forked by this version`);
      const point = unwrap(forkPoint(g, original, at, edit));
      const outcome = unwrap(forkBots(g, point, original));
      return report(io, { view: forkView(g, outcome, original.matches), outcome, g }, a.json, out);
    }
    const mod = await import('./fork-llm.js');
    return await mod.forkLlmCommand({ a, store, dbPath, g, at, edit, report: (f, extra) => report(io, f, a.json, out, extra) }, io);
  } finally {
    if (!llm) store.close();
  }
}

/** A fork to report: its view, and the games behind it (for their replay pages). */
export interface ForkReport {
  readonly view: ForkView;
  readonly outcome: ForkOutcome;
  readonly g: StoredGame;
}

/**
 * The pages of `--out FILE.html`: the fork beside the original (FILE.html), and each game as
 * a replay page to step through (FILE.original.html, FILE.fork.html: reports/replay-page.ts).
 */
function pagesOf(out: string, f: ForkReport): { readonly path: string; readonly html: string }[] {
  const base = out.replace(/\.html?$/i, '');
  const names = { original: `${base}.original.html`, fork: `${base}.fork.html` };
  const v = f.view;
  const page = (which: 'original' | 'fork', game: TracedGame, verdict: string) =>
    replayPage({
      title: `${v.title}: the ${which}`,
      lines: [`game seed ${v.gameSeed}`, `${v.decision.text}: ${v.edit}`],
      verdict,
      matches: null,
      setup: f.g.config.setup,
      log: game.game.log,
      specs: game.specs,
      back: basename(out),
    });
  return [
    { path: out, html: forkHtml(v, { original: basename(names.original), fork: basename(names.fork) }) },
    { path: names.original, html: page('original', f.outcome.original, v.stored) },
    { path: names.fork, html: page('fork', f.outcome.fork, `the stored game to decision #${v.decision.id}, then ${v.edit}`) },
  ];
}

/** Prints a fork (text or JSON) and writes its pages; `extra`: the LLM summary's lines and JSON. */
export function report(io: CliIo, f: ForkReport, json: boolean, out: string | undefined, extra?: { readonly lines: readonly string[]; readonly json: Record<string, unknown> }): number {
  const v = f.view;
  const written = out === undefined ? [] : pagesOf(out, f);
  for (const p of written) {
    try {
      writeAtomic(p.path, p.html);
    } catch (e) {
      fail(`cannot write ${p.path}: ${(e as Error).message}`);
    }
  }
  const pages = written.map((p) => p.path);
  if (json) {
    io.stdout.write(JSON.stringify({ ...v, ...(out === undefined ? {} : { pages }), ...(extra === undefined ? {} : { llm: extra.json }) }) + '\n');
    return 0;
  }
  io.stdout.write(forkText(v).join('\n') + '\n' + (extra === undefined ? '' : extra.lines.join('\n') + '\n') + (out === undefined ? '' : `pages: ${pages.join(', ')}\n`));
  return 0;
}

/** The fork for people: the decision and the edit, then each row as an original/fork pair (≠ where they differ). */
export function forkText(v: ForkView): string[] {
  // Each pair's texts wrap at 80 columns under themselves: the labels stay alone at the left.
  const lines = [
    ...wrap(v.title),
    ...hanging('  ', `${v.decision.text} — ${v.edit}`),
    ...hanging('  original  ', v.original),
    ...hanging(`  fork    ${v.original === v.fork ? ' ' : '≠'} `, v.fork),
    ...hanging('  ', `${v.stored}; the fork shares its first ${v.shared} events (everything before #${v.decision.id})${v.identical ? ' and is the original to its end' : ''}.`),
  ];
  const w = Math.max(10, ...v.rows.map((r) => r.what.length));
  let phase = '';
  for (const r of v.rows) {
    if (r.phase !== phase) {
      lines.push('', r.phase);
      phase = r.phase;
    }
    lines.push(...hanging(`  ${r.what.padEnd(w)}  original  `, r.original ?? '—'));
    lines.push(...hanging(`  ${''.padEnd(w)}  fork    ${r.same ? ' ' : '≠'} `, r.fork ?? '—'));
  }
  return lines;
}
