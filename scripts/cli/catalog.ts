// `sim presets`, `sim rules`, `sim agents`, `sim runs`: what a designer can choose from,
// generated from the data the engine uses (PRESETS, OPTION_SPECS, the agent registry),
// and what a database holds.

import { agentKinds } from '../../agents/registry.js';
import { formatOptions, formatOptionValue, OPTION_SPECS, type OptionSpec } from '../../engine/index.js';
import { PRESETS, type Preset } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { formatRoleCounts } from '../../engine/index.js';
import { Store } from '../../runs/storage.js';
import { pairings, tournaments } from '../../tournaments/tournament-store.js';
import { MOON_EVENTS } from '../../engine/index.js';
import { CAUSES } from '../../engine/index.js';
import { visibleLine } from '../../narrate/escape.js';
import { DEFAULT_DB } from './args.js';
import { fail, unwrap } from './errors.js';
import { findPreset, presetNames } from '../../engine/index.js';
import type { CliIo } from './io.js';

const wrap = (words: readonly string[], width: number, indent: string): string[] => {
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur !== '' && indent.length + cur.length + 1 + w.length > width) {
      lines.push(indent + cur);
      cur = w;
    } else cur = cur === '' ? w : `${cur} ${w}`;
  }
  if (cur !== '') lines.push(indent + cur);
  return lines;
};

function tableRows(p: Preset): [number, string][] {
  return Object.entries(p.table).map(([n, counts]) => [Number(n), formatRoleCounts(counts as Partial<Record<Role, number>>)]);
}

export function presetsCommand(a: { preset?: string | undefined; json: boolean }, io: CliIo): number {
  let list = PRESETS;
  if (a.preset !== undefined) {
    const p = findPreset(a.preset);
    if (p === undefined) fail(`unknown preset '${a.preset}'; presets are ${presetNames().join(', ')}`);
    list = [p];
  }
  if (a.json) {
    io.stdout.write(
      JSON.stringify(list.map((p) => ({ ...p, table: Object.fromEntries(tableRows(p)) }))) + '\n',
    );
    return 0;
  }
  const out: string[] = [];
  for (const p of list) {
    out.push(`${p.name} (${p.document}) — ${p.title}${p.name === 'standard' ? '   [default]' : ''}`);
    out.push(`  table (from ${p.tableSource}): --preset ${p.name} --players N`);
    for (const [n, mix] of tableRows(p)) out.push(`    ${String(n).padStart(2)} players  ${mix}`);
    out.push('  rules:');
    out.push(...wrap(formatOptions(p.options), 88, '    '));
    if (p.notes.length > 0) {
      out.push('  where the document is silent:');
      for (const n of p.notes) out.push(`    - ${n}`);
    }
    out.push('');
  }
  out.push('Any mix: --roles werewolf=2,seer,witch,villager=5 (under the preset\'s rules). Change a rule: --rule key=value (see `sim rules`).');
  io.stdout.write(out.join('\n') + '\n');
  return 0;
}

function valuesOf(o: OptionSpec): string {
  const s = o.spec;
  switch (s.kind) {
    case 'enum':
      return s.values.join(' | ');
    case 'bool':
      return 'true | false';
    case 'int':
      return `${s.min}–${s.max}`;
    case 'prob':
      return 'a probability, 0–1';
    case 'causes':
      return `causes: ${CAUSES.join(',')} | all | none | all,-cause`;
    case 'events':
      return `New Moon events: ${MOON_EVENTS.join(',')} | all | none | all,-event`;
  }
}

export function rulesCommand(a: { json: boolean }, io: CliIo): number {
  if (a.json) {
    io.stdout.write(
      JSON.stringify(
        OPTION_SPECS.map((o) => ({
          key: o.key,
          values: valuesOf(o),
          doc: o.doc,
          inRulesTable: o.inTable,
          presets: Object.fromEntries(PRESETS.map((p) => [p.name, formatOptionValue(o.key, p.options)])),
        })),
      ) + '\n',
    );
    return 0;
  }
  const out: string[] = ['Rule options: --rule key=value (repeatable). Values per preset at the end of each entry.', ''];
  for (const o of OPTION_SPECS) {
    out.push(`${o.key}   ${valuesOf(o)}${o.inTable ? '' : '   (a rule a document states in its text, not an option it varies)'}`);
    out.push(...wrap(o.doc.split(' '), 88, '    '));
    out.push(...wrap(['presets:', ...PRESETS.map((p) => `${p.name}=${formatOptionValue(o.key, p.options)}`)], 88, '    '));
    out.push('');
  }
  io.stdout.write(out.join('\n'));
  return 0;
}

export function agentsCommand(io: CliIo): number {
  const out = ['Agents: --agents SPEC or WHO=SPEC (repeatable).', ''];
  for (const k of agentKinds()) out.push(`  ${k.name.padEnd(12)} ${k.summary}${k.async ? ' (asynchronous)' : ''}`);
  out.push(
    '',
    'WHO is a seat (1-based, as transcripts show them: 3=SPEC), a role dealt (seer=SPEC) or a side',
    '(village=SPEC, werewolves=SPEC). The most specific wins: seat, then role, then side, then the',
    'default (a SPEC without WHO; random when none is given). Example:',
    '  sim --agents random --agents werewolves=random --agents 1=random',
  );
  io.stdout.write(out.join('\n') + '\n');
  return 0;
}

export function runsCommand(a: { db?: string | undefined; json: boolean }, io: CliIo): number {
  const path = a.db ?? DEFAULT_DB;
  const store = unwrap(Store.open(path, 'read'));
  try {
    const rows = store.runs().map((r) => {
      const stored = store.storedCount(r.id);
      const end = store.runEnd(r.id);
      return { ...r, stored, planned: r.stop - r.first, ended: end === undefined || stored >= r.stop - r.first ? null : end.why };
    });
    if (a.json) {
      io.stdout.write(JSON.stringify(rows) + '\n');
      return 0;
    }
    if (rows.length === 0) {
      io.stdout.write(`${path} holds no runs yet\n`);
      return 0;
    }
    // Every stored value is shown escaped: a results file can hold any text.
    const shown = visibleLine(path);
    const out = [`runs in ${shown}:`];
    for (const r of rows) {
      const shard = r.shardN === 1 ? '' : ` shard ${r.shardK}/${r.shardN}`;
      // A run of process agents resumes only with --run-agents, which starts the programs the file names.
      const programs = r.seating.includes('exec:') ? ' --run-agents, if you trust the programs it names' : '';
      const state =
        r.stored === r.planned ? 'complete' : r.ended !== null ? `finished by design (${visibleLine(r.ended)})` : `INCOMPLETE (sim resume --db ${shown} --run ${r.id}${programs})`;
      out.push(
        `  run ${r.id}  ${visibleLine(r.created.slice(0, 19).replace('T', ' '))}  seed ${visibleLine(r.seed)}  ${r.players} players ${visibleLine(r.deck)}  ${visibleLine(r.preset)}${r.rules === '' ? '' : ` ${visibleLine(r.rules)}`}`,
        `         agents ${visibleLine(r.seating)}  games ${r.stored}/${r.planned}${shard}  ${state}  code ${visibleLine(r.codeHash)}${r.git === null ? '' : ` (${visibleLine(r.git)})`}`,
      );
    }
    const ts = tournaments(store);
    if (ts.length > 0) out.push(`tournaments in ${shown} (sim report --db ${shown} --tournament ID rates one):`);
    for (const t of ts) {
      const runs = pairings(store, t.id).map((p) => p.run);
      const who = visibleLine(t.mode === 'side' ? t.entrants.join(' vs ') : t.mode === 'mixed' ? `${t.entrants.join(', ')} at one table` : `${t.entrants.join(', ')} among ${t.reference}`);
      out.push(`  tournament ${t.id}  ${visibleLine(t.mode)} mode  ${who}`, `         ${runs.length} runs of ${t.games} games, seed ${visibleLine(t.seed)}: runs ${runs.join(' ')}`);
    }
    io.stdout.write(out.join('\n') + '\n');
    return 0;
  } finally {
    store.close();
  }
}
