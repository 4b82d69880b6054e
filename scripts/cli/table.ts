// `sim table`: a game, or a series (--games N), in which people play some seats from a
// browser, beside bots, programs and models (issue 27). It serves the games
// (commands/table-server.ts) on this machine only unless --host says otherwise, prints the
// host's link (who has joined; start) and a link per person — each carrying its seat's
// secret — and ends when the last game does, with each game's result and, for a series,
// each player's share of games won. Who the people are and where they sit, game after game
// (a seat by number, a side, seats shuffled), is table-seats.ts's; the models' session is
// table-llm.ts's. The table is a run of the results file: every answer a person gives is
// kept at once (runs/human-record.ts) and each game stored at its end, so the same command
// on the same file, after a Ctrl-C or a kill -9, goes on from the first game not stored and
// the answers given in it.

import { gameSeed, isRole, teamOf, type Game, type Role } from '../../engine/index.js';
import { humanKind } from '../../agents/human/kind.js';
import { humanGameName } from '../../runs/human-record.js';
import { storedRunPlayer, tallyOf } from '../../runs/games.js';
import type { DecisionTrace } from '../../agents/trace.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import type { ExecGame, ExecHost } from '../../agents/exec/host.js';
import { execSettingsFrom, openLogWithoutDb, startExec, type ExecArgs } from './exec-run.js';
import { AbandonGame, type PlayedGame } from '../../agents/play.js';
import { runKey, WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { versions } from '../../runs/version.js';
import { decodeSeat, FLAG, SEAT_WIDTH } from '../../runs/record.js';
import { seriesFigures, seriesLines, type SeriesGame } from './table-figures.js';
import { P } from '../../narrate/transcript.js';
import { parseSeating, seatAgents, specForSeat } from '../../agents/registry.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { startTable } from '../../commands/table-server.js';
import { visibleLine } from '../../narrate/escape.js';
import { hanging, wrap } from '../../narrate/width.js';
import { count, dbPathFrom, DEFAULT_SEED, listFlag, seconds, setupFrom, type SetupArgs } from './args.js';
import { EXIT_INTERRUPTED, EXIT_LLM_INCOMPLETE, fail, unwrap } from './errors.js';
import { noLlmFlags, type LlmArgs } from './llm-args.js';
import type { TableModels } from './table-llm.js';
import { peopleOf, seatOrderFlag, TablePeople } from './table-seats.js';
import { onInterrupt } from './interrupt.js';
import { terminalWidth, type CliIo } from './io.js';

export interface TableArgs extends SetupArgs, ExecArgs, LlmArgs {
  seed?: string;
  clock?: string;
  host?: string;
  port?: string;
  db?: string | boolean;
  games?: string;
  seats?: string;
}

/**
 * The table as a run: its seating the bots' with the people's (`3=human:alice`, or
 * `werewolves=human`), game i of the series its game i. The same setup, seed, people, bots,
 * games and seat order — the same command — is the same run, and finds the games stored and
 * the answers given before; anything else is another.
 */
function tableRun(o: { readonly setup: RunConfig['setup']; readonly seed: string; readonly people: TablePeople; readonly bots: readonly string[]; readonly games: number }): RunConfig {
  const seating = unwrap(parseSeating([...o.bots, ...o.people.specs()], { kinds: [humanKind] }), '--agents');
  const order = o.people.seatOrder === 'shuffled' ? { seatOrder: o.people.seatOrder } : {};
  return { setup: o.setup, seed: o.seed, seating, games: o.games, shard: WHOLE_RUN, ...order };
}

/**
 * A game of the table stored as game `index` of its run, as any run's games are (its
 * decisions traced for the behaviour metrics). Without programs at the table it is first
 * replayed from the seed and the answers kept (runs/games.ts, the replay every reader of
 * the file makes) and checked against the game served, so what is stored is what `sim
 * show` plays again; programs and models would be asked again by a replay, and are not.
 */
async function storeGame(store: Store, config: RunConfig, served: { readonly index: number; readonly game: Game; readonly played: PlayedGame; readonly trace: DecisionTrace; readonly specs: readonly string[] }): Promise<number> {
  const { index, game } = served;
  const key = runKey(config);
  const run = store.findRun(key, WHOLE_RUN.k, WHOLE_RUN.n) ?? store.createRun(config, key, versions());
  if (store.game(run.id, index) !== undefined) return run.id;
  const player = storedRunPlayer(store, run.id, config);
  if (execCommandsOf(config.seating).length === 0 && llmSpecsOf(config.seating).length === 0) {
    const again = await player.playAsync(index);
    if (JSON.stringify(again.game.log) !== JSON.stringify(game.log)) throw new Error('the game replayed from the answers kept differs from the game served (a bug: please report it)');
  }
  const chunk = player.builder(1);
  chunk.add(index, served.played, served.specs, tallyOf(config.setup, game, served.trace, served.played));
  store.insertChunk(run.id, chunk.finish(), config.setup.players);
  return run.id;
}

/** The stored games of a run as the series' figures read them: each seat's agent, who won, and each seat's team. */
function storedSeries(store: Store, run: number): SeriesGame[] {
  const specs = store.agents(run);
  const roles = store.names('roles');
  const out: SeriesGame[] = [];
  for (const row of store.gameRows(run)) {
    const players = row.seats.length / SEAT_WIDTH;
    const seats = Array.from({ length: players }, (_, s) => decodeSeat(row.seats, s));
    // A role this version does not name (a file from elsewhere) leaves the teams out: the shares over all games stand.
    const named = seats.map((x) => roles.get(x.role));
    const teams = named.every((r): r is Role => r !== undefined && isRole(r)) ? named.map(teamOf) : undefined;
    out.push({ specs: seats.map((x) => specs[x.agent - 1] ?? '?'), won: seats.map((x) => (x.flags & FLAG.won) !== 0), teams });
  }
  return out;
}

export async function tableCommand(a: TableArgs, io: CliIo): Promise<number> {
  const setup = setupFrom(a);
  const { people: byKey, bots, side } = peopleOf(a.agents ?? [], setup);
  const botSpecs = bots.length === 0 ? ['heuristic'] : listFlag('agents', bots, 'heuristic');
  const seating = unwrap(parseSeating(botSpecs), '--agents');
  const withModels = llmSpecsOf(seating).length > 0;
  if (!withModels) noLlmFlags(a, seating.text);
  const settings = execSettingsFrom(a, [seating]);
  const clockMs = a.clock === undefined ? null : Math.round(1000 * seconds('clock', a.clock));
  const host = a.host ?? '127.0.0.1';
  const port = a.port === undefined ? 0 : Number(a.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port '${visibleLine(a.port ?? '')}' is not a port (0 to 65535; 0: any free one)`);
  const games = a.games === undefined ? 1 : count('games', a.games, 1, 10_000);
  const runSeed = a.seed ?? DEFAULT_SEED;
  const people = new TablePeople({ setup, people: byKey, side, seatOrder: seatOrderFlag(a.seats) });
  const config = tableRun({ setup, seed: runSeed, people, bots: botSpecs, games });
  const key = runKey(config);
  const dbPath = dbPathFrom(a.db);
  const store = dbPath === null ? null : unwrap(Store.open(dbPath, 'write'));
  const known = store?.findRun(key, WHOLE_RUN.k, WHOLE_RUN.n);
  // Games are stored in order, each at its end: the series goes on from the first not stored.
  const first = store !== null && known !== undefined ? store.storedCount(known.id) : 0;
  const what = games === 1 ? 'This game was' : `This series of ${games} games was`;
  if (store !== null && known !== undefined && first >= games) {
    store.close();
    io.stdout.write(wrap(`${what} played to its end already: run ${known.id} of ${dbPath}. \`sim show --db ${dbPath} --run ${known.id} --game 0\` prints ${games === 1 ? 'it' : 'its first game'}; another --seed serves another.`, terminalWidth(io)).join('\n') + '\n');
    return 0;
  }
  // Programs at the table: started once, each game's seats leased from them (as `sim` does).
  let execHost: ExecHost | undefined;
  try {
    execHost = settings === null ? undefined : await startExec([seating], settings, { seed: runSeed }, io);
  } catch (e) {
    store?.close();
    throw e;
  }
  if (execHost !== undefined && settings !== null) openLogWithoutDb(execHost, settings);
  // Models at the table: their session (the record, the budget), checked before anything is served.
  let models: TableModels | undefined;
  try {
    if (withModels) models = (await import('./table-llm.js')).startTableModels({ args: a, io, config, dbPath, store, known, exec: execHost, again: 'the same sim table command' });
  } catch (e) {
    store?.close();
    await execHost?.close();
    throw e;
  }
  const programs = new Map<string, ExecGame>();
  const plan = Array.from({ length: games - first }, (_, k) => {
    const index = first + k;
    const seed = gameSeed(runSeed, index);
    return { index, seed, record: store?.humanRecord(humanGameName(key, index), people.in(seed)) };
  });
  const indexOf = new Map(plan.map((g) => [g.seed, g.index]));
  // Answers given before, or games stored: the series goes on at once (the host started it then).
  const given = plan[0]!.record?.size ?? 0;
  const resumed = given > 0 || first > 0;
  const sessionGames: SeriesGame[] = [];
  const width = terminalWidth(io);
  // Each seat's agent as the run's seating names it (human:NAME at the people's seats), made without an agent: no program is leased to name it.
  const specsOf = (g: Game) => {
    const origin = people.originOf(g.seed);
    return g.state.seats.map((x, seat) => specForSeat(config.seating, origin?.[seat] ?? seat, x.dealt).text);
  };
  const onGameOver = async (g: { readonly index: number }, game: Game, played: PlayedGame, trace: DecisionTrace) => {
    programs.get(game.seed)?.settle(played);
    programs.delete(game.seed);
    models?.finish(game.seed, played);
    const o = played.outcome;
    const result = `The ${o.winner === 'draw' ? 'game ends in a draw' : `${o.winner} win`} after ${o.days} days (winners: ${o.winners.map(P).join(', ') || 'none'}).`;
    io.stdout.write(`${games === 1 ? '' : `Game ${g.index + 1} of ${games}: `}${result}\n`);
    const specs = specsOf(game);
    sessionGames.push({ specs, won: specs.map((_, seat) => o.winners.includes(seat)), teams: game.state.seats.map((x) => teamOf(x.role)) });
    if (store === null) return;
    const run = await storeGame(store, config, { index: g.index, game, played, trace, specs });
    io.stdout.write(wrap(`Stored as game ${g.index} of run ${run} of ${dbPath}: \`sim show --db ${dbPath} --run ${run} --game ${g.index}\` replays it (--html FILE: its replay page).`, width).join('\n') + '\n');
  };
  let t;
  try {
    const bots = (g: Game) => {
      const exec = execHost?.game(g.seed);
      if (exec !== undefined) programs.set(g.seed, exec);
      const llm = models?.seats(indexOf.get(g.seed)!, g.seed);
      return seatAgents(seating, g.state.seats.map((x) => x.dealt), { exec, llm }, { origin: people.originOf(g.seed) }).agents;
    };
    const playOptions = models === undefined ? undefined : (g: Game) => models!.playOptions(g.seed);
    t = await startTable({
      setup,
      games: plan,
      people: people.people,
      bots,
      names: specsOf,
      clockMs,
      host,
      port,
      onGameOver,
      playOptions,
      start: resumed ? 'now' : 'host',
      seatOrder: (seed) => people.orderOf(seed),
      seatOf: people.seatOf,
    });
  } catch (e) {
    store?.close();
    models?.close();
    await execHost?.close();
    fail(`cannot serve the table on ${host}:${port}: ${(e as Error).message}`);
  }
  const out = [`werewolf-lab table · ${setup.players} players · seed ${visibleLine(runSeed)}${games === 1 ? '' : ` · a series of ${games} games`}`];
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1')
    out.push(...wrap(`note: served on ${host}: anyone who can reach this machine there can open the pages; each seat's page still needs its link's secret`, width));
  if (first > 0) out.push(...wrap(`Going on with game ${first + 1} of the series: games 1 to ${first} are stored in ${dbPath}.`, width));
  if (given > 0) out.push(...wrap(`Going on with ${games === 1 ? 'the game' : `game ${first + 1}`} from the ${given} answers already given (${dbPath}): the links are new.`, width));
  out.push(resumed ? 'The host sees who has joined at:' : 'The host sees who has joined, and starts the game, at:', `  ${t.url}/host/${t.hostToken}`);
  out.push('Each person opens their link (keep it secret: it is their seat):');
  if (people.seatOrder === 'shuffled') out.push(...wrap('(--seats shuffled: each person moves to another seat from game to game; the link stays theirs)', width));
  for (const s of t.seats) out.push(...hanging(`  ${people.label(s.seat)}${s.person === '' ? '' : ` ${s.person}`}  `, `${t.url}/seat/${s.token}`, { width }));
  io.stdout.write(out.join('\n') + '\n');
  // Ctrl-C closes the table at once: the game is not finished; the answers given are kept (with a results file).
  let stop = (_: null) => {};
  const stopped = new Promise<null>((resolve) => (stop = resolve));
  const kept = dbPath === null ? 'nothing of the game is stored (--no-db)' : `the answers given so far are in ${dbPath}: the same command goes on from them`;
  const interrupt = onInterrupt(io, {
    clear: () => {},
    continueHint: 'the game was not finished',
    quitMessage: kept,
    stoppingMessage: `closing the table: the game is not finished; ${kept}`,
    onFirst: () => (models?.interrupt(), stop(null)),
  });
  // The whole series as stored (those of earlier sessions too), or without a file this session's games.
  const series = () => {
    const run = store?.findRun(key, WHOLE_RUN.k, WHOLE_RUN.n);
    return store !== null && run !== undefined ? storedSeries(store, run.id) : sessionGames;
  };
  try {
    let played: PlayedGame | null;
    try {
      played = await Promise.race([t.done, stopped]);
    } catch (e) {
      // A model's run stopped (its budget, a provider's refusal): the game is abandoned, the answers given kept.
      if (!(e instanceof AbandonGame) || models === undefined) throw e;
      const end = models.end(series().length, games);
      io.stdout.write(end.lines.join('\n') + '\n');
      io.stderr.write(wrap(end.stop?.message ?? `the table stopped: ${e.message}`, width).join('\n') + '\n');
      return end.stop?.exit ?? EXIT_LLM_INCOMPLETE;
    }
    if (played === null) return EXIT_INTERRUPTED;
    if (games > 1) {
      const all = series();
      io.stdout.write([`The series, ${all.length} games: each player's share of games won, with its 95% interval`, ...seriesLines(seriesFigures(all))].join('\n') + '\n');
    }
    if (models !== undefined) io.stdout.write(models.end(series().length, games).lines.join('\n') + '\n');
    return 0;
  } finally {
    interrupt.dispose();
    await t.close();
    models?.close();
    store?.close();
    await execHost?.close();
  }
}
