// `sim show`: one game's full transcript, replayed from its configuration — a stored
// run's (`--db`, `--run`) or one given on the command line (`--seed` and setup flags).
// A replay of a stored game is checked against what was stored, and a difference is
// reported (and exits 1): the stored result then came from other code.

import type { HumanSeatFactory } from '../../agents/types.js';
import { seatsPeople } from '../../agents/human/kind.js';
import { safeJson } from '../../narrate/escape.js';
import { gameSeed } from '../../engine/index.js';
import type { TranscriptHeader } from '../../narrate/transcript.js';
import { recordAsked, type DecisionsAsked } from '../../agents/asked.js';
import { decisionMarks } from '../../narrate/decisions.js';
import { controlOf, GamePlayer, type PlayedIndex, type WrapAgents } from '../../runs/games.js';
import { IDENTITY_CODES, type CodeMaps } from '../../runs/record.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { llmGameName, llmRunName } from '../../runs/llm/store.js';
import { parseSeed, runKey, specList, type RunConfig } from '../../runs/run-config.js';
import { Store, type GameRow, type RunRow } from '../../runs/storage.js';
import { writeFailureOf } from '../../runs/db-file.js';
import { count, DEFAULT_DB, seatingFrom, setupFrom, type SetupArgs } from './args.js';
import { fail, unwrap } from './errors.js';
import { wrap } from '../../narrate/width.js';
import type { ExecHost } from '../../agents/exec/host.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import { agentsNotRun, replayHeader, replayIndex, storedSource, storedVerdict } from '../../runs/replay.js';
import { execSettingsFrom, startExec, type ExecArgs } from './exec-run.js';
import type { LlmStore } from '../../runs/llm/store.js';
import { replayPage } from '../../reports/replay-page.js';
import { gameJson } from '../../reports/replay-data.js';
import { statSync } from 'node:fs';
import { writeAtomic } from '../../commands/report.js';
import { dirname, resolve } from 'node:path';
import { terminalWidth, type CliIo } from './io.js';

export interface ShowArgs extends SetupArgs, ExecArgs {
  game?: string | undefined;
  run?: string | undefined;
  db?: string | undefined;
  seed?: string | undefined;
  llmCache?: string | undefined;
  /** Write the replay page here. */
  html?: string | undefined;
  /** Print the game as one JSON object. */
  json?: boolean | undefined;
  /** Start the programs of a stored run's process agents to replay it. */
  runAgents?: boolean | undefined;
}

/** Refuses an --html path that cannot be written (checked before the replay: a refused command writes nothing). */
function checkHtmlPath(path: string): void {
  if (path.trim() === '') fail('--html needs a file path, e.g. --html game.html');
  const dir = dirname(resolve(path));
  let st;
  try {
    st = statSync(dir);
  } catch {
    fail(`--html ${path}: the directory ${dir} does not exist; create it or choose another path`);
  }
  if (!st.isDirectory()) fail(`--html ${path}: ${dir} is not a directory; choose another path`);
  try {
    if (statSync(path).isDirectory()) fail(`--html ${path} is a directory: give a file name, e.g. --html ${path.replace(/\/$/, '')}/game.html`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** Writes the page through a temporary name (no partial page), a failure said as a user's error. */
function writeFileAtomic(path: string, text: string, flag: string): void {
  try {
    writeAtomic(path, text);
  } catch (e) {
    // A full disk or a read-only place is a failed write (exit 5), not a user's mistake.
    if (writeFailureOf(e) !== null) throw Object.assign(e as Error, { path });
    fail(`${flag} ${path}: cannot write it (${(e as NodeJS.ErrnoException).code ?? String(e)}); choose another path`);
  }
}

interface Source {
  readonly config: RunConfig;
  /** The game's name in the LLM record (`KEY/INDEX`, llm-run.ts) and where the record is. */
  readonly gameKey: string;
  readonly recordPath: string;
  readonly label: string;
  readonly agents: readonly string[];
  readonly codes: CodeMaps;
  /** The people of a game played at the table, answering from the answers they gave (read before the file closes). */
  readonly human?: HumanSeatFactory | undefined;
  readonly stored?: { readonly row: GameRow | undefined; readonly run: RunRow; readonly sides: Map<number, string>; readonly count: number };
}

export async function showCommand(a: ShowArgs, loadRun: (store: Store, run: string | undefined) => { run: RunRow; config: RunConfig }, io: CliIo): Promise<number> {
  if (a.game === undefined) fail('sim show needs --game I (the game index, from 0)');
  const index = count('game', a.game, 0);
  if (a.html !== undefined) checkHtmlPath(a.html);
  let src: Source;
  if (a.seed !== undefined) {
    if (a.run !== undefined || a.db !== undefined)
      fail('give either --seed with the setup flags (replay without a database) or --db/--run (replay a stored game), not both');
    const seed = unwrap(parseSeed(a.seed));
    const setup = setupFrom(a);
    const seating = seatingFrom(a, setup);
    const config: RunConfig = { setup, seed, seating, games: index + 1, shard: { k: 1, n: 1 } };
    src = { config, gameKey: llmGameName(runKey(config), index), recordPath: a.llmCache ?? DEFAULT_DB, label: `seed ${seed}`, agents: specList(seating), codes: IDENTITY_CODES };
  } else {
    for (const flag of ['preset', 'players', 'roles', 'rule', 'agents'] as const)
      if (a[flag] !== undefined) fail(`--${flag} applies with --seed only: a stored game is replayed with its run's own configuration`);
    const path = a.db ?? DEFAULT_DB;
    const store = unwrap(Store.open(path, 'read'));
    try {
      const { run, config } = loadRun(store, a.run);
      if (index >= run.games) fail(`run ${run.id} has games 0 to ${run.games - 1}; there is no game ${index}`);
      src = {
        config,
        gameKey: llmGameName(run.key, index),
        recordPath: a.llmCache ?? path,
        label: storedSource(run, path),
        agents: store.agents(run.id),
        codes: store.codes,
        human: seatsPeople(config.seating) ? store.humanSeats(run.id)(index) : undefined,
        stored: { row: store.game(run.id, index), run, sides: store.names('sides'), count: store.storedCount(run.id) },
      };
    } finally {
      store.close();
    }
  }
  const { config } = src;
  const programs = execCommandsOf(config.seating).map((c) => c.text);
  if (src.stored !== undefined && programs.length > 0 && a.runAgents !== true) fail(`run ${src.stored.run.id}: ${agentsNotRun(programs)}`);
  const agents = execSettingsFrom(a, [config.seating]);
  if (a.agentLog !== undefined && agents !== null) fail('--agent-log applies to runs; sim show writes no log (the agents\' stderr is dropped)');
  const host = agents === null ? undefined : await startExec([config.seating], agents, {}, io);
  try {
    return await showWith(a, src, index, host, io);
  } finally {
    await host?.close();
  }
}

async function showWith(a: ShowArgs, src: Source, index: number, exec: ExecHost | undefined, io: CliIo): Promise<number> {
  const { config } = src;
  const human = src.human;
  const player = new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, agents: src.agents, codes: src.codes, exec, human: human === undefined ? undefined : () => human, control: controlOf(config.seatOrder) });
  const llm = llmSpecsOf(config.seating).length > 0;
  if (a.llmCache !== undefined && !llm) fail(`--llm-cache applies to games with LLM seats; this one's agents (${config.seating.text}) are bots`);
  if (execCommandsOf(config.seating).length > 0)
    io.stderr.write(
      wrap(`note: the agents ${config.seating.text} answer asynchronously: the replay asks them again, and a stored game is reproduced only if they answer as they did`, terminalWidth(io), '').join('\n') + '\n',
    );
  // Every decision numbered, so that `sim fork --at N` can name one.
  const asked: DecisionsAsked = [];
  const numbered: WrapAgents = (agents, game) => recordAsked(agents, game, asked);
  const run = src.stored === undefined ? undefined : llmRunName(src.stored.run);
  const play = (record: LlmStore | null) => replayIndex({ config, index, player, record, gameKey: src.gameKey, run, keepCalls: a.html !== undefined, wrap: numbered });
  const shown = llm ? await import('./llm-show.js') : null;
  const replayed = shown === null ? await play(null) : await shown.withLlmRecord(src.recordPath, index, play);
  if (!replayed.ok) {
    const why =
      src.stored === undefined
        ? `Play the game first (sim --seed ${config.seed} --games ${index + 1} with these flags), or give the --llm-cache FILE of the run that played it`
        : src.stored.row === undefined
          ? `Game ${index} is not stored in run ${src.stored.run.id}: it was not played to its end (sim resume --db ${a.db ?? DEFAULT_DB} --run ${src.stored.run.id} plays it)`
          : `Its run recorded its calls elsewhere: give the --llm-cache FILE it was played with`;
    return (shown ?? (await import('./llm-show.js'))).failReplay(replayed.error, { index, recordPath: src.recordPath, why });
  }
  const replay = replayed.value;
  const text = (header: TranscriptHeader) => replay.text(header, { marks: decisionMarks(replay.game.log, asked) });
  const llmParts = { notes: replay.notes, calls: replay.calls };
  const header = replayHeader({ source: src.label, config, index, specs: replay.specs });
  const check = src.stored === undefined ? { code: 0, verdict: `replayed from --seed ${config.seed}: nothing stored to check it against`, matches: null, said: '' } : compare(src.stored, player, index, replay);
  const game = { title: header.title, lines: header.lines, verdict: check.verdict, matches: check.matches, setup: config.setup, log: replay.game.log, specs: replay.specs, ...llmParts };
  if (a.html !== undefined) {
    const page = replayPage(game);
    writeFileAtomic(a.html, page, '--html');
    io.stderr.write(`replay page written: ${a.html} (${Math.ceil(Buffer.byteLength(page) / 1024)} kB)\n`);
  }
  if (a.json) io.stdout.write(safeJson(gameJson({ ...game, outcome: replay.played.outcome, seed: gameSeed(config.seed, index), index })) + '\n');
  else if (a.html === undefined) io.stdout.write(text(header) + (check.matches === true ? `\nReplay matches the stored result: ${check.verdict.replace(/^replay matches the stored result: /, '')}.\n` : ''));
  if (check.said !== '') io.stderr.write(check.said);
  return check.code;
}

interface Check {
  readonly code: number;
  readonly verdict: string;
  readonly matches: boolean | null;
  /** What to say on stderr. */
  readonly said: string;
}

function compare(stored: NonNullable<Source['stored']>, player: GamePlayer, index: number, replay: PlayedIndex): Check {
  const { verdict, matches } = storedVerdict({ run: stored.run, index, row: stored.row, storedCount: stored.count, sides: stored.sides, player, played: replay });
  if (matches === null) return { code: 0, verdict, matches, said: `note: ${verdict}\n` };
  return matches ? { code: 0, verdict, matches, said: '' } : { code: 1, verdict, matches, said: `\n${verdict}\n` };
}
