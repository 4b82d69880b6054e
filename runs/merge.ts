// Merging the shards of one run (`sim merge a.db b.db … --into all.db`). The inputs must
// hold runs of one identity (setup, seed, seating, games: the run key) played by the same
// code, on index ranges that do not overlap; the output holds them as one whole run, game
// for game what an unsharded run stores. Missing shards leave the merged run incomplete:
// `sim resume` on the output plays exactly the missing games.
//
// The output is written to a temporary file and renamed at the end: an interrupted merge
// leaves no half-written database under the target's name.

import { renameSync, rmSync } from 'node:fs';
import { CAUSES } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { ROLES, SIDES } from '../engine/index.js';
import { CHAR_OFFSET, SEAT_FIELDS, SEAT_WIDTH } from './record.js';
import type { IndexRange } from './run-config.js';
import { llmRunName } from './llm/store.js';
import { COUNTER_COUNT, METRICS_VERSION } from '../metrics/counters.js';
import { addSums, UnitSums } from '../metrics/pack.js';
import { Store, type GameRow, type RunRow } from './storage.js';
import { inspectDbFile, removeDbFiles } from './db-file.js';

export interface MergeInput {
  readonly path: string;
  readonly run: RunRow;
  readonly games: number;
}

export interface Merged {
  readonly path: string;
  readonly run: RunRow;
  readonly inputs: readonly MergeInput[];
  readonly games: number;
  readonly missing: readonly IndexRange[];
}

function describeRun(r: RunRow): string {
  return `seed ${r.seed}, ${r.players} players ${r.deck} (${r.preset}${r.rules === '' ? '' : `, ${r.rules}`}), agents ${r.seating}, ${r.games} games`;
}

/** How two runs of different keys differ, in words. */
function difference(a: RunRow, b: RunRow): string {
  const d: string[] = [];
  if (a.seed !== b.seed) d.push(`seed (${a.seed} vs ${b.seed})`);
  if (a.setup !== b.setup) d.push(`setup (${a.players} players ${a.deck} ${a.rules} vs ${b.players} players ${b.deck} ${b.rules})`.replace(/ +\)/g, ')'));
  if (a.seating !== b.seating) d.push(`agents (${a.seating} vs ${b.seating})`);
  if (a.games !== b.games) d.push(`number of games (${a.games} vs ${b.games})`);
  return d.length === 0 ? 'their identity' : d.join(', ');
}

/** Maps an input file's codes to the output's, where they differ (files made by other versions). */
function recoder(from: Store, to: Store): ((r: GameRow) => GameRow) | null {
  const map = (table: 'roles' | 'causes' | 'sides', names: readonly string[], codes: readonly number[]) => {
    const m = new Map<number, number>();
    const known = new Map(names.map((n, i) => [n, codes[i]!]));
    for (const [code, name] of from.names(table)) m.set(code, known.get(name) ?? code);
    return m;
  };
  const roles = map('roles', ROLES, to.codes.roles);
  const causes = map('causes', CAUSES, to.codes.causes);
  const sides = map('sides', SIDES, to.codes.sides);
  const identity = [roles, causes, sides].every((m) => [...m].every(([a, b]) => a === b));
  if (identity) return null;
  const fields = { dealt: SEAT_FIELDS.indexOf('dealt'), role: SEAT_FIELDS.indexOf('role'), cause: SEAT_FIELDS.indexOf('cause') };
  return (r) => {
    const chars = [...r.seats].map((c) => c.charCodeAt(0));
    for (let at = 0; at < chars.length; at += SEAT_WIDTH) {
      for (const [f, m] of [[fields.dealt, roles], [fields.role, roles], [fields.cause, causes]] as const) {
        const v = chars[at + f]! - CHAR_OFFSET;
        if (v !== 0) chars[at + f] = CHAR_OFFSET + (m.get(v) ?? v);
      }
    }
    return { ...r, winner: sides.get(r.winner) ?? r.winner, seats: String.fromCharCode(...chars) };
  };
}

/** A shard's behaviour counter sums go with its games (the shards' games are disjoint: their sums add up). */
function copyMetricSums(from: Store, fromRun: number, to: Store, toRun: number): void {
  const roles = from.names('roles');
  const sums = new UnitSums();
  for (const row of from.metricSums(fromRun)) {
    if (row.version !== METRICS_VERSION) continue;
    const name = roles.get(row.role);
    const at = name === undefined ? -1 : (ROLES as readonly string[]).indexOf(name);
    const counters = new Float64Array(COUNTER_COUNT);
    if (at < 0 || !addSums(row.counters, counters)) continue;
    sums.add(row.unit, row.agent, to.codes.roles[at]!, counters);
  }
  to.addSums(toRun, sums.packed());
}

export function mergeShards(paths: readonly string[], into: string): Result<Merged, string> {
  if (paths.length === 0) return err('sim merge needs the shard databases to merge: sim merge a.db b.db … --into all.db');
  const target = inspectDbFile(into);
  if (!target.ok) return target;
  if (target.value !== 'missing') return err(`${into} exists: merge writes a new file; delete it or choose another --into path`);
  if (new Set(paths).size !== paths.length) return err('the same file is given twice to merge');

  const stores: Store[] = [];
  try {
    const inputs: MergeInput[] = [];
    for (const p of paths) {
      const s = Store.open(p, 'read');
      if (!s.ok) return s;
      stores.push(s.value);
      const runs = s.value.runs();
      if (runs.length === 0) return err(`${p} holds no runs: there is nothing of it to merge`);
      for (const run of runs) inputs.push({ path: p, run, games: s.value.storedCount(run.id) });
    }
    const ref = inputs[0]!;
    for (const i of inputs.slice(1)) {
      if (i.run.key !== ref.run.key)
        return err(
          `cannot merge: ${ref.path} (run ${ref.run.id}: ${describeRun(ref.run)}) and ${i.path} (run ${i.run.id}: ${describeRun(i.run)}) ` +
            `are not shards of one run: they differ in ${difference(ref.run, i.run)}. Merge only the shards of one run ` +
            '(one file per shard, each played with the same --games, --seed, setup and --agents)',
        );
      if (i.run.codeHash !== ref.run.codeHash)
        return err(
          `cannot merge: ${ref.path} and ${i.path} were played by different code (${ref.run.codeHash} vs ${i.run.codeHash}); ` +
            'their games are not one run. Play all shards with the same version',
        );
      if (i.run.policy !== ref.run.policy)
        return err(
          `cannot merge: ${ref.path} was played under --policy ${ref.run.policy} and ${i.path} under ${i.run.policy}; ` +
            'the merged run would have two. Play the shards again under one policy (their games are the same), then merge',
        );
    }
    const sorted = [...inputs].sort((a, b) => a.run.first - b.run.first);
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1]!;
      const b = sorted[k]!;
      if (b.run.first < a.run.stop)
        return err(
          `cannot merge: ${a.path} (run ${a.run.id}, shard ${a.run.shardK}/${a.run.shardN}, games ${a.run.first}–${a.run.stop - 1}) and ` +
            `${b.path} (run ${b.run.id}, shard ${b.run.shardK}/${b.run.shardN}, games ${b.run.first}–${b.run.stop - 1}) overlap: ` +
            'give each shard once',
        );
    }
    const agents = stores[0]!.agents(ref.run.id);
    const total = inputs.reduce((n, i) => n + i.games, 0);
    if (total === 0) return err(`the shards hold no games yet: play them first (sim --shard k/n …), then merge`);

    const temp = `${into}.partial-${process.pid}`;
    rmSync(temp, { force: true });
    const out = Store.open(temp, 'write');
    if (!out.ok) return out;
    let run: RunRow;
    try {
      run = out.value.copyRun(ref.run, agents, { shardK: 1, shardN: 1, first: 0, stop: ref.run.games, created: new Date().toISOString() });
      for (const i of inputs) {
        const from = stores[paths.indexOf(i.path)]!;
        const recode = recoder(from, out.value);
        let batch: GameRow[] = [];
        for (const row of from.gameRows(i.run.id)) {
          batch.push(recode === null ? row : recode(row));
          if (batch.length === 5000) {
            out.value.insertRows(run.id, batch);
            batch = [];
          }
        }
        out.value.insertRows(run.id, batch);
        copyMetricSums(from, i.run.id, out.value, run.id);
      }
      // The shards' LLM records (calls, notes, counts) go with their games: the merged file
      // replays and shows them, and resumes its run without paying twice.
      const withRecord = paths.filter((_p, k) => stores[k]!.hasLlmRecord());
      for (const p of withRecord) out.value.copyLlmRecordFrom(p);
      if (withRecord.length > 0) {
        const record = out.value.llmRecord('write');
        if (record.ok) {
          // The merged run asked with its shards' prompt version (one code played them all); unknown if they do not say.
          const versions = new Set(inputs.flatMap((i) => record.value.versionsOfRun(llmRunName(i.run)) ?? []));
          record.value.beginRun(llmRunName(run), null, versions.size === 1 ? [...versions][0]! : null);
        }
      }
      out.value.checkpoint();
      const missing = out.value.missing(run);
      out.value.close();
      renameSync(temp, into);
      rmSync(`${temp}-wal`, { force: true });
      rmSync(`${temp}-shm`, { force: true });
      return ok({ path: into, run, inputs, games: total, missing });
    } catch (e) {
      if (out.value.isOpen) out.value.close();
      removeDbFiles(temp);
      throw e;
    }
  } finally {
    for (const s of stores) if (s.isOpen) s.close();
  }
}
