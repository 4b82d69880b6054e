// The results database's schema (SQLite, one file, WAL). Documented here and in
// docs/storage.md; reports read it through the views.
//
//   runs          one row per run (or per shard of a run): its identity and configuration
//     id            run id (1, 2, … in this file)
//     key           16 hex digits of sha256(setup, seed, seating, games): equal key, equal games
//     created       ISO time the run was started
//     seed          the run's seed (text: game i is seeded `${seed}#${i}`)
//     setup         canonical setup text (describeSetup: players, deck, preset, every option)
//     setup_json    the GameSetup as JSON (players, deck, options, preset)
//     preset, players, deck, rules
//                   for grouping: preset name, player count, the deck as a mix
//                   (`werewolf=2,villager=5,seer`), the options that differ from the preset
//                   (`tie=random`, '' when none)
//     seating       canonical seating text (`random`, `random 1=heuristic werewolves=random`)
//     games         games of the whole run (all shards)
//     shard_k, shard_n  this file's shard (1/1 for a whole run)
//     first, stop   the game indices this row plays: [first, stop)
//     package_version, node_version, code_hash (sources of engine/ and agents/), git
//     policy        what a game in which an agent fell back counts for in the run's own
//                   figure ('keep' | 'forfeit' | 'void': tournaments/failure-policy.ts); a
//                   tournament's ratings follow the tournament's policy, not its runs'
//     seat_order    'dealt' (each card at the seat the deal gives it) or 'shuffled' (the
//                   deal's cards moved by each game's own draw, agents seated by number
//                   moving with their card: people changing places at `sim table`)
//   games         one row per played game, keyed (run, idx)
//     winner        code in `sides`
//     days          days begun
//     invalid, fallbacks  wrong answers and fallback moves, all seats together
//     seats         each seat packed in 8 characters (record.ts): read it through `seats`
//   metric_sums   the games' behaviour counters (metrics/), summed per run, resampling
//                 unit (deal d in unit d mod 100), agent and card at the end, keyed (run,
//                 unit, agent, role); version: metrics/counters.ts METRICS_VERSION;
//                 counters: (counter byte, float64) pairs, the non-zero ones (metrics/pack.ts).
//                 A run stored before schema 3 has none (sim metrics replays its games)
//   roles, causes, sides (code, name)   lookup tables; codes are 1-based
//   agents (run, code, spec)            the run's distinct agent specs
//   seat_numbers (seat)                 0 … 29: the view's row generator
//
//   game_results  (run, game, winner, days, invalid, fallbacks, players)
//   seats         (run, game, seat, agent, dealt, role, alive, won, lover, sheriff,
//                  death_day, night, cause, invalid, fallbacks) — one row per seat; seat
//                  is 0-based, death_day/night/cause are NULL for a survivor
//   run_progress  (run, planned, stored, complete, finished, ended): complete, every
//                 planned game stored; finished, that or ended by design (run_ends);
//                 ended, why (NULL otherwise)
//
//   run_ends      (run, games, why, at): a run that ended by design after `games` games,
//                 fewer than planned (a sequential test's decision, an adaptive tournament
//                 settled): finished, not stopped
//
//   tournaments   one row per tournament (sim tournament, tournaments/schedule.ts)
//     id, key       16 hex digits of sha256(mode, entrants, reference, self-play, setup,
//                   seed, games): the same command finds its tournament and continues it
//     created, mode ('side' | 'seat' | 'mixed'), entrants (JSON array of agent specs, in order),
//     reference     seat mode: the agent in the other seats (NULL in side mode)
//     self_play     side mode: each entrant also plays itself (1/0)
//     seed, games   every pairing plays games [0, games) of this seed: common deals
//     setup         canonical setup text; code_hash: the code that played it
//     policy        what a game in which an agent failed counts for in its ratings
//                   ('keep' | 'forfeit' | 'void' | 'exclude': tournaments/failure-policy.ts)
//   tournament_runs  the pairings of a tournament, each a normal run (runs.id)
//     tournament, pairing (0-based, schedule order), run, kind ('sides' | 'seat' | 'baseline' | 'table'),
//     wolves, village  sides: the entrants on the werewolves' and the village's side
//     entrant, seat    seat: the entrant and its seat (0-based); baseline: both NULL;
//                      table (mixed mode): seat is the rotation, the run's seating says who sits where
//     A run may belong to several tournaments (equal pairings share their games).
//
// Schema versions: 1 (runs and games), 2 (+ tournaments), 3 (+ metric_sums), 4 (+ a
// tournament's failure policy, mixed tables), 5 (+ run_ends), 6 (+ a run's failure policy), 7 (+ a run's seat order). A file of an older version is
// read as it is, and brought up to date (MIGRATIONS) when it is opened for writing.
//
// The file is marked as ours by PRAGMA application_id = APPLICATION_ID and
// user_version = SCHEMA_VERSION: any other SQLite file is refused untouched.

import { MAX_PLAYERS } from '../engine/index.js';
import { CHAR_OFFSET, SEAT_FIELDS, SEAT_WIDTH } from './record.js';

/** 'WWLF' */
export const APPLICATION_ID = 0x57574c46;
export const SCHEMA_VERSION = 7;

const field = (name: (typeof SEAT_FIELDS)[number]) =>
  `unicode(substr(g.seats, n.seat * ${SEAT_WIDTH} + ${SEAT_FIELDS.indexOf(name) + 1}, 1)) - ${CHAR_OFFSET}`;

/** Tables added by schema version 2 (as version 2 wrote them: version 4 remakes them). */
export const TOURNAMENT_SQL = `
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  created TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('side', 'seat')),
  entrants TEXT NOT NULL,
  reference TEXT,
  self_play INTEGER NOT NULL,
  seed TEXT NOT NULL,
  games INTEGER NOT NULL,
  setup TEXT NOT NULL,
  code_hash TEXT NOT NULL
);
CREATE INDEX tournaments_key ON tournaments (key);
CREATE TABLE tournament_runs (
  tournament INTEGER NOT NULL REFERENCES tournaments (id),
  pairing INTEGER NOT NULL,
  run INTEGER NOT NULL REFERENCES runs (id),
  kind TEXT NOT NULL CHECK (kind IN ('sides', 'seat', 'baseline')),
  wolves TEXT,
  village TEXT,
  entrant TEXT,
  seat INTEGER,
  PRIMARY KEY (tournament, pairing)
) WITHOUT ROWID;
`;

/** The SQL that takes a file from version `from` to `from + 1`. */
/** The table added by schema version 3. */
export const METRICS_SQL = `
CREATE TABLE metric_sums (
  run INTEGER NOT NULL REFERENCES runs (id),
  unit INTEGER NOT NULL,
  agent INTEGER NOT NULL,
  role INTEGER NOT NULL,
  version INTEGER NOT NULL,
  counters BLOB NOT NULL,
  PRIMARY KEY (run, unit, agent, role)
) WITHOUT ROWID;
`;

/**
 * Version 4: a tournament's failure policy, and mixed tables (a mode and a pairing kind the
 * old CHECKs refuse). SQLite cannot change a CHECK, so both tables are made anew and their
 * rows copied: the old ones renamed first (their foreign keys follow the rename), the new
 * ones made and filled, the old ones dropped.
 */
export const TOURNAMENT_V4_SQL = `
ALTER TABLE tournament_runs RENAME TO tournament_runs_v3;
ALTER TABLE tournaments RENAME TO tournaments_v3;
DROP INDEX tournaments_key;
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  created TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('side', 'seat', 'mixed')),
  entrants TEXT NOT NULL,
  reference TEXT,
  self_play INTEGER NOT NULL,
  seed TEXT NOT NULL,
  games INTEGER NOT NULL,
  setup TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  policy TEXT NOT NULL DEFAULT 'keep' CHECK (policy IN ('keep', 'forfeit', 'void', 'exclude'))
);
CREATE INDEX tournaments_key ON tournaments (key);
CREATE TABLE tournament_runs (
  tournament INTEGER NOT NULL REFERENCES tournaments (id),
  pairing INTEGER NOT NULL,
  run INTEGER NOT NULL REFERENCES runs (id),
  kind TEXT NOT NULL CHECK (kind IN ('sides', 'seat', 'baseline', 'table')),
  wolves TEXT,
  village TEXT,
  entrant TEXT,
  seat INTEGER,
  PRIMARY KEY (tournament, pairing)
) WITHOUT ROWID;
INSERT INTO tournaments (id, key, created, mode, entrants, reference, self_play, seed, games, setup, code_hash)
  SELECT id, key, created, mode, entrants, reference, self_play, seed, games, setup, code_hash FROM tournaments_v3;
INSERT INTO tournament_runs SELECT * FROM tournament_runs_v3;
DROP TABLE tournament_runs_v3;
DROP TABLE tournaments_v3;
`;

/**
 * Version 5: a run that ended by design before its planned games — a sequential test that
 * decided, an adaptive tournament that settled — says so, and why: it is finished, not
 * stopped, and `sim resume` has nothing to play.
 */
export const RUN_ENDS_SQL = `
CREATE TABLE run_ends (
  run INTEGER PRIMARY KEY REFERENCES runs (id),
  games INTEGER NOT NULL,
  why TEXT NOT NULL,
  at TEXT NOT NULL
);
`;

/**
 * Version 6: a plain run's failure policy (`sim --policy`), which its own figure is read
 * under (the runs stored before it were read as played: 'keep'); and `run_progress` says
 * which runs are finished — every game stored, or ended by design (`run_ends`: a test
 * that decided, a ranking that settled) — and why, so that no SQL reader takes a settled
 * run for a stopped one.
 */
export const RUN_POLICY_SQL = `
ALTER TABLE runs ADD COLUMN policy TEXT NOT NULL DEFAULT 'keep' CHECK (policy IN ('keep', 'forfeit', 'void'));
DROP VIEW run_progress;
CREATE VIEW run_progress AS
SELECT r.id AS run, r.stop - r.first AS planned,
       (SELECT count(*) FROM games g WHERE g.run = r.id) AS stored,
       (SELECT count(*) FROM games g WHERE g.run = r.id) = r.stop - r.first AS complete,
       ((SELECT count(*) FROM games g WHERE g.run = r.id) = r.stop - r.first OR e.run IS NOT NULL) AS finished,
       e.why AS ended
FROM runs r LEFT JOIN run_ends e ON e.run = r.id;
`;

/**
 * Version 7: the seat order a run's games are played in — 'dealt', every card at the seat
 * the deal gives it, or 'shuffled', the deal's cards moved to other seats by the game's
 * own draw (engine `seatShuffle`), an agent seated by number moving with its card (`sim
 * table --seats shuffled`: the people change places from game to game). The runs stored
 * before it were played as dealt.
 */
export const RUN_SEAT_ORDER_SQL = `
ALTER TABLE runs ADD COLUMN seat_order TEXT NOT NULL DEFAULT 'dealt' CHECK (seat_order IN ('dealt', 'shuffled'));
`;

export const MIGRATIONS: Readonly<Record<number, string>> = { 1: TOURNAMENT_SQL, 2: METRICS_SQL, 3: TOURNAMENT_V4_SQL, 4: RUN_ENDS_SQL, 5: RUN_POLICY_SQL, 6: RUN_SEAT_ORDER_SQL };

export const SCHEMA_SQL = `
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  created TEXT NOT NULL,
  seed TEXT NOT NULL,
  setup TEXT NOT NULL,
  setup_json TEXT NOT NULL,
  preset TEXT NOT NULL,
  players INTEGER NOT NULL,
  deck TEXT NOT NULL,
  rules TEXT NOT NULL,
  seating TEXT NOT NULL,
  games INTEGER NOT NULL,
  shard_k INTEGER NOT NULL,
  shard_n INTEGER NOT NULL,
  first INTEGER NOT NULL,
  stop INTEGER NOT NULL,
  package_version TEXT NOT NULL,
  node_version TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  git TEXT
);
CREATE INDEX runs_key ON runs (key);

CREATE TABLE games (
  run INTEGER NOT NULL REFERENCES runs (id),
  idx INTEGER NOT NULL,
  winner INTEGER NOT NULL,
  days INTEGER NOT NULL,
  invalid INTEGER NOT NULL,
  fallbacks INTEGER NOT NULL,
  seats TEXT NOT NULL,
  PRIMARY KEY (run, idx)
) WITHOUT ROWID;

CREATE TABLE roles (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE causes (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE sides (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE agents (
  run INTEGER NOT NULL REFERENCES runs (id),
  code INTEGER NOT NULL,
  spec TEXT NOT NULL,
  PRIMARY KEY (run, code)
) WITHOUT ROWID;
CREATE TABLE seat_numbers (seat INTEGER PRIMARY KEY);
WITH RECURSIVE n(seat) AS (SELECT 0 UNION ALL SELECT seat + 1 FROM n WHERE seat + 1 < ${MAX_PLAYERS})
INSERT INTO seat_numbers SELECT seat FROM n;

CREATE VIEW game_results AS
SELECT g.run AS run, g.idx AS game, s.name AS winner, g.days AS days, g.invalid AS invalid,
       g.fallbacks AS fallbacks, length(g.seats) / ${SEAT_WIDTH} AS players
FROM games g JOIN sides s ON s.code = g.winner;

CREATE VIEW seat_codes AS
SELECT g.run AS run, g.idx AS game, n.seat AS seat,
       ${SEAT_FIELDS.map((f) => `${field(f)} AS ${f}`).join(',\n       ')}
FROM games g JOIN seat_numbers n ON n.seat < length(g.seats) / ${SEAT_WIDTH};

CREATE VIEW seats AS
SELECT c.run AS run, c.game AS game, c.seat AS seat, a.spec AS agent, d.name AS dealt, r.name AS role,
       c.flags & 1 AS alive, (c.flags >> 1) & 1 AS won, (c.flags >> 2) & 1 AS lover, (c.flags >> 3) & 1 AS sheriff,
       CASE WHEN c.cause = 0 THEN NULL ELSE c.deathDay END AS death_day,
       CASE WHEN c.cause = 0 THEN NULL ELSE (c.flags >> 4) & 1 END AS night,
       k.name AS cause, c.invalid AS invalid, c.fallbacks AS fallbacks
FROM seat_codes c
JOIN roles d ON d.code = c.dealt
JOIN roles r ON r.code = c.role
LEFT JOIN agents a ON a.run = c.run AND a.code = c.agent
LEFT JOIN causes k ON k.code = c.cause;

CREATE VIEW run_progress AS
SELECT r.id AS run, r.stop - r.first AS planned,
       (SELECT count(*) FROM games g WHERE g.run = r.id) AS stored,
       (SELECT count(*) FROM games g WHERE g.run = r.id) = r.stop - r.first AS complete
FROM runs r;
${TOURNAMENT_SQL}
${METRICS_SQL}
${TOURNAMENT_V4_SQL}
${RUN_ENDS_SQL}
${RUN_POLICY_SQL}
${RUN_SEAT_ORDER_SQL}`;
