// `sim show`: one game's full transcript, replayed from its configuration — a stored
// run's (`--db`, `--run`) or one given on the command line (`--seed` and setup flags).
// A replay of a stored game is checked against what was stored, and a difference is
// reported (and exits 1): the stored result then came from other code.

import { mixLabel } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import { SIDES } from '../../engine/index.js';
import { P, transcript, type TranscriptHeader } from '../../narrate/transcript.js';
import { traceAgents, type DecisionTrace } from '../../agents/traced.js';
import { decisionMarks } from '../../narrate/decisions.js';
import { GamePlayer, type PlayedIndex, type WrapAgents } from '../../runs/games.js';
import { IDENTITY_CODES, type CodeMaps } from '../../runs/record.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { llmGameName } from '../../runs/llm/store.js';
import { parseSeed, runKey, specList, type RunConfig } from '../../runs/run-config.js';
import { Store, type GameRow, type RunRow } from '../../runs/storage.js';
import { codeHash } from '../../runs/version.js';
import { count, DEFAULT_DB, seatingFrom, setupFrom, type SetupArgs } from './args.js';
import { fail, unwrap } from './errors.js';
import { presetTitle, rulesText } from './format.js';

export interface ShowArgs extends SetupArgs {
  game?: string | undefined;
  run?: string | undefined;
  db?: string | undefined;
  seed?: string | undefined;
  llmCache?: string | undefined;
}

interface Source {
  readonly config: RunConfig;
  /** The game's name in the LLM record (`KEY/INDEX`, llm-run.ts) and where the record is. */
  readonly gameKey: string;
  readonly recordPath: string;
  readonly label: string;
  readonly agents: readonly string[];
  readonly codes: CodeMaps;
  readonly stored?: { readonly row: GameRow | undefined; readonly run: RunRow; readonly sides: Map<number, string>; readonly count: number };
}

export async function showCommand(a: ShowArgs, loadRun: (store: Store, run: string | undefined) => { run: RunRow; config: RunConfig }): Promise<number> {
  if (a.game === undefined) fail('sim show needs --game I (the game index, from 0)');
  const index = count('game', a.game, 0);
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
        label: `run ${run.id} (${path}) · seed ${run.seed}`,
        agents: store.agents(run.id),
        codes: store.codes,
        stored: { row: store.game(run.id, index), run, sides: store.names('sides'), count: store.storedCount(run.id) },
      };
    } finally {
      store.close();
    }
  }
  const { config } = src;
  const player = new GamePlayer(config.setup, config.seed, config.seating, src.agents, src.codes);
  const llm = llmSpecsOf(config.seating).length > 0;
  if (a.llmCache !== undefined && !llm) fail(`--llm-cache applies to games with LLM seats; this one's agents (${config.seating.text}) are bots`);
  if (config.seating.async && !llm)
    process.stderr.write(
      `note: the agents ${config.seating.text} answer asynchronously: the replay asks them again, and a stored game is reproduced only if they answer as they did\n`,
    );
  let replay: PlayedIndex;
  let text: (header: TranscriptHeader) => string;
  // Every decision numbered, so that `sim fork --at N` can name one.
  const trace: DecisionTrace = [];
  const traced: WrapAgents = (agents, game) => traceAgents(agents, game, trace);
  if (llm) {
    const why =
      src.stored === undefined
        ? `Play the game first (sim --seed ${config.seed} --games ${index + 1} with these flags), or give the --llm-cache FILE of the run that played it`
        : src.stored.row === undefined
          ? `Game ${index} is not stored in run ${src.stored.run.id}: it was not played to its end (sim resume --db ${a.db ?? DEFAULT_DB} --run ${src.stored.run.id} plays it)`
          : `Its run recorded its calls elsewhere: give the --llm-cache FILE it was played with`;
    const r = await (await import('./llm-show.js')).replayLlmGame(config, index, src.recordPath, src.gameKey, why, traced);
    replay = { game: r.game, played: r.played, specs: r.specs };
    text = (header) => r.text(header, { marks: decisionMarks(r.game.log, trace) });
  } else {
    replay = config.seating.async ? await player.playAsync(index, traced) : player.playSync(index, traced);
    text = (header) => transcript(replay.game.log, header, undefined, { marks: decisionMarks(replay.game.log, trace) });
  }
  const header = {
    title: `${src.label} · game ${index} (game seed ${gameSeed(config.seed, index)})`,
    lines: [
      `preset ${presetTitle(config.setup)} · ${config.setup.players} players · deck ${mixLabel(config.setup)}`,
      `rules ${rulesText(config.setup)}`,
      `agents: ${replay.specs.map((s, i) => `${P(i)} ${s}`).join(' · ')}`,
    ],
  };
  process.stdout.write(text(header));
  return src.stored === undefined ? 0 : compare(src.stored, player, index, replay);
}

function compare(stored: NonNullable<Source['stored']>, player: GamePlayer, index: number, replay: PlayedIndex): number {
  const { row, run } = stored;
  if (row === undefined) {
    process.stderr.write(
      `note: game ${index} is not stored in run ${run.id} (it holds ${stored.count} of games ${run.first}–${run.stop - 1}); ` +
        'this is the replay from the run\'s configuration, with nothing to check it against\n',
    );
    return 0;
  }
  const b = player.builder(1);
  b.add(index, replay.played, replay.specs);
  const mine = b.finish();
  const sideName = (code: number) => stored.sides.get(code) ?? `code ${code}`;
  const same =
    mine.games[1] === row.winner && mine.games[2] === row.days && mine.games[3] === row.invalid && mine.games[4] === row.fallbacks && mine.seats === row.seats;
  if (same) {
    process.stdout.write(`\nReplay matches the stored result: ${sideName(row.winner)} won, ${row.days} days.\n`);
    return 0;
  }
  const now = codeHash();
  process.stderr.write(
    `\nREPLAY DIFFERS from the stored game ${index} of run ${run.id}: stored ${sideName(row.winner)} after ${row.days} days, ` +
      `replayed ${SIDES.includes(replay.played.outcome.winner) ? replay.played.outcome.winner : '?'} after ${mine.games[2]} days` +
      `${mine.seats === row.seats ? '' : ' (and the seats differ)'}. ` +
      (run.codeHash === now
        ? 'The code is the same as the run\'s: the file was edited, or this is a determinism bug (please report it with this command line).'
        : `The run was played by other code (${run.codeHash}${run.git === null ? '' : `, git ${run.git}`}; this is ${now}).`) +
      '\n',
  );
  return 1;
}
