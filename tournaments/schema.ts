// The results database's schema (SQLite, one file, WAL). Documented here and in the
// README's "Storage" section; reports read it through the views.
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
//   games         one row per played game, keyed (run, idx)
//     winner        code in `sides`
//     days          days begun
//     invalid, fallbacks  wrong answers and fallback moves, all seats together
//     seats         each seat packed in 8 characters (record.ts): read it through `seats`
//   roles, causes, sides (code, name)   lookup tables; codes are 1-based
//   agents (run, code, spec)            the run's distinct agent specs
//   seat_numbers (seat)                 0 … 29: the view's row generator
//
//   game_results  (run, game, winner, days, invalid, fallbacks, players)
//   seats         (run, game, seat, agent, dealt, role, alive, won, lover, sheriff,
//                  death_day, night, cause, invalid, fallbacks) — one row per seat; seat
//                  is 0-based, death_day/night/cause are NULL for a survivor
//   run_progress  (run, planned, stored, complete)
//
// The file is marked as ours by PRAGMA application_id = APPLICATION_ID and
// user_version = SCHEMA_VERSION: any other SQLite file is refused untouched.

import { MAX_PLAYERS } from '../engine/setup.js';
import { CHAR_OFFSET, SEAT_FIELDS, SEAT_WIDTH } from './record.js';

/** 'WWLF' */
export const APPLICATION_ID = 0x57574c46;
export const SCHEMA_VERSION = 1;

const field = (name: (typeof SEAT_FIELDS)[number]) =>
  `unicode(substr(g.seats, n.seat * ${SEAT_WIDTH} + ${SEAT_FIELDS.indexOf(name) + 1}, 1)) - ${CHAR_OFFSET}`;

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
`;
