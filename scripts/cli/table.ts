// `sim table`: a game, or a series (--games N), in which people play some seats from a
// browser, beside bots and programs (issue 27). It serves the games
// (commands/table-server.ts) on this machine only unless --host says otherwise, prints the
// host's link (who has joined; start) and a link per person — each carrying its seat's
// secret — and ends when the last game does, with each game's result and, for a series,
// each player's share of games won. A person's seat is written WHO=human or
// WHO=human:NAME, WHO a seat (3 or P3). The table is a run of the results file: every
// answer a person gives is kept at once (runs/human-record.ts) and each game stored at its
// end, so the same command on the same file, after a Ctrl-C or a kill -9, goes on from the
// first game not stored and the answers given in it.

import { Game as GameOf, gameSeed, isRole, teamOf, type Game, type GameSetup, type Role } from '../../engine/index.js';
import { humanKind, PERSON } from '../../agents/human/kind.js';
import { humanGameName } from '../../runs/human-record.js';
import { controlOf, inverse, seatOrderOf, storedRunPlayer, tallyOf } from '../../runs/games.js';
import type { DecisionTrace } from '../../agents/trace.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import type { ExecGame, ExecHost } from '../../agents/exec/host.js';
import { execSettingsFrom, openLogWithoutDb, startExec, type ExecArgs } from './exec-run.js';
import { AbandonGame, type PlayedGame } from '../../agents/play.js';
import { runKey, SEAT_ORDERS, WHOLE_RUN, type RunConfig, type SeatOrder } from '../../runs/run-config.js';
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
 * The table as a run: its seating the bots' with the people's seats (`3=human:alice`),
 * game i of the series its game i. The same setup, seed, people, bots and games — the same
 * command — is the same run, and finds the games stored and the answers given before;
 * anything else is another.
 */
function tableRun(o: {
  readonly setup: RunConfig['setup'];
  readonly seed: string;
  readonly people: ReadonlyMap<number, string>;
  readonly side: SideOfPeople | null;
  readonly bots: readonly string[];
  readonly games: number;
  readonly seatOrder: SeatOrder;
}): RunConfig {
  const human = (name: string) => `human${name === '' ? '' : `:${name}`}`;
  // People on a side are one entrant there (`heuristic werewolves=human`: a side pairing, which the leaderboard rates).
  const seats =
    o.side !== null ? [`${o.side.side}=${human(o.side.name)}`] : [...o.people].sort((x, y) => x[0] - y[0]).map(([seat, name]) => `${seat + 1}=${human(name)}`);
  const seating = unwrap(parseSeating([...o.bots, ...seats], { kinds: [humanKind] }), '--agents');
  return { setup: o.setup, seed: o.seed, seating, games: o.games, shard: WHOLE_RUN, ...(o.seatOrder === 'shuffled' ? { seatOrder: o.seatOrder } : {}) };
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

/** --seats: where the people sit from game to game (default: their own seat every game). */
function seatOrderFlag(text: string | undefined): SeatOrder {
  if (text === undefined) return 'dealt';
  const t = text.trim();
  if (!(SEAT_ORDERS as readonly string[]).includes(t))
    fail(`--seats '${visibleLine(text)}': write --seats dealt (each person keeps their seat, the default) or --seats shuffled (each game moves the people, with their seat's card, to seats of its own draw)`);
  return t as SeatOrder;
}

const HUMAN = /^(?:p)?(\d+)=human(?::(.*))?$/i;
const HUMAN_SIDE = /^(werewolves|village)=human(?::(.*))?$/i;

/** People on a side: every seat dealt a card of it, one person each (the k-th person the k-th such seat). */
interface SideOfPeople {
  readonly side: 'werewolves' | 'village';
  /** The entrant's name (`human:NAME`), '' for `human`. */
  readonly name: string;
}

/**
 * The people's seats (0-based → name) and the bots' specs, from --agents; or people on a
 * side (`werewolves=human`), as many as its cards, keyed 0, 1, … in the order of its seats.
 */
export function peopleOf(agents: readonly string[], setup: Pick<GameSetup, 'players' | 'deck'>): { people: Map<number, string>; bots: string[]; side: SideOfPeople | null } {
  const players = setup.players;
  const people = new Map<number, string>();
  const bots: string[] = [];
  let side: SideOfPeople | null = null;
  for (const a of agents) {
    const bySide = HUMAN_SIDE.exec(a.trim());
    if (bySide !== null) {
      const name = bySide[2] ?? '';
      if (name !== '' && !PERSON.test(name)) fail(`--agents '${visibleLine(a)}': a person's name is 1 to 32 letters, digits, '.', '_' or '-'`);
      if (side !== null) fail('--agents: people play one side at a time (werewolves=human or village=human)');
      side = { side: bySide[1]!.toLowerCase() as SideOfPeople['side'], name };
      continue;
    }
    const m = HUMAN.exec(a.trim());
    if (m === null) {
      if (/(^|=)human(:|$)/i.test(a.trim()))
        fail(`--agents '${visibleLine(a)}': a person plays one seat, named by its number (--agents 3=human or --agents P3=human:alice), or people play a side, one person a seat of it (--agents werewolves=human)`);
      bots.push(a);
      continue;
    }
    const seat = Number(m[1]) - 1;
    if (!(seat >= 0 && seat < players)) fail(`--agents '${visibleLine(a)}': there is no seat ${m[1]} at a table of ${players} (seats 1 to ${players})`);
    if (people.has(seat)) fail(`--agents: seat ${seat + 1} is given to two people`);
    const name = m[2] ?? '';
    if (name !== '' && !PERSON.test(name)) fail(`--agents '${visibleLine(a)}': a person's name is 1 to 32 letters, digits, '.', '_' or '-'`);
    people.set(seat, name);
  }
  if (side !== null) {
    if (people.size > 0) fail('--agents: people play either seats by number (3=human) or a side (werewolves=human), not both');
    // Every card is dealt (no thief's cards set aside), so the side has the same number of seats every game.
    if (setup.deck.length !== players) fail(`--agents ${side.side}=human: this deck sets cards aside (a thief's), so the ${side.side}' seats vary from game to game; people play a side with a deck that deals every card`);
    const seats = setup.deck.filter((r) => teamOf(r) === side!.side).length;
    if (seats === 0) fail(`--agents ${side.side}=human: this deck deals no card of the ${side.side}`);
    for (let k = 0; k < seats; k++) people.set(k, side.name);
  }
  if (people.size === 0) fail('sim table needs a seat played by a person: --agents 3=human (or P3=human:alice), or a side played by people (--agents werewolves=human), the other seats bots (--agents heuristic)');
  return { people, bots, side };
}

/** The k-th seat of `game` dealt a card of `side` (people on a side sit there). */
function sideSeat(game: Game, side: SideOfPeople['side'], k: number): number {
  let seen = 0;
  for (let seat = 0; seat < game.state.players; seat++) if (teamOf(game.state.seats[seat]!.dealt) === side && seen++ === k) return seat;
  throw new Error(`no seat ${k + 1} of the ${side} in this game`);
}

export async function tableCommand(a: TableArgs, io: CliIo): Promise<number> {
  const setup = setupFrom(a);
  const { people, bots, side } = peopleOf(a.agents ?? [], setup);
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
  const seatOrder = seatOrderFlag(a.seats);
  const config = tableRun({ setup, seed: runSeed, people, side, bots: botSpecs, games, seatOrder });
  // Where each game's dealt cards go (shuffled: the people move with their seat's card), and back.
  const orderOf = (seed: string) => seatOrderOf(seed, setup.players, controlOf(config.seatOrder));
  const originOf = (seed: string) => {
    const order = orderOf(seed);
    return order === undefined ? undefined : inverse(order);
  };
  /** Where person `k` (a key of `people`) sits in `game`: on a side, its k-th seat; by seat, theirs, moved with its card. */
  const seatOf = side === null ? undefined : (game: Game, k: number) => sideSeat(game, side.side, k);
  /** Game `seed`'s people by the seat they sit at in it. */
  const peopleIn = (seed: string) => {
    const order = orderOf(seed);
    if (side !== null) {
      const game = new GameOf(setup, seed, order === undefined ? {} : { seatOrder: order });
      return new Map([...people].map(([k, name]) => [sideSeat(game, side.side, k), name]));
    }
    return order === undefined ? people : new Map([...people].map(([base, name]) => [order[base]!, name]));
  };
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
    return { index, seed, record: store?.humanRecord(humanGameName(key, index), peopleIn(seed)) };
  });
  const indexOf = new Map(plan.map((g) => [g.seed, g.index]));
  // Answers given before, or games stored: the series goes on at once (the host started it then).
  const given = plan[0]!.record?.size ?? 0;
  const resumed = given > 0 || first > 0;
  const sessionGames: SeriesGame[] = [];
  const width = terminalWidth(io);
  // Each seat's agent as the run's seating names it (human:NAME at the people's seats), made without an agent: no program is leased to name it.
  const specsOf = (g: Game) => {
    const origin = originOf(g.seed);
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
      return seatAgents(seating, g.state.seats.map((x) => x.dealt), { exec, llm }, { origin: originOf(g.seed) }).agents;
    };
    const playOptions = models === undefined ? undefined : (g: Game) => models!.playOptions(g.seed);
    t = await startTable({ setup, games: plan, people, bots, names: specsOf, clockMs, host, port, onGameOver, playOptions, start: resumed ? 'now' : 'host', seatOrder: orderOf, seatOf });
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
  if (seatOrder === 'shuffled') out.push(...wrap('(--seats shuffled: each person moves to another seat from game to game; the link stays theirs)', width));
  // People on a side are numbered in the order of its seats; their page names the seat of each game.
  const label = (k: number) => (side === null ? P(k) : `${side.side === 'werewolves' ? 'werewolf' : 'villager'} ${k + 1}`);
  for (const s of t.seats) out.push(...hanging(`  ${label(s.seat)}${s.person === '' ? '' : ` ${s.person}`}  `, `${t.url}/seat/${s.token}`, { width }));
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
