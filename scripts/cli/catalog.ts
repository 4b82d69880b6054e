// `sim presets`, `sim rules`, `sim agents`, `sim runs`: what a designer can choose from,
// generated from the data the engine uses (PRESETS, OPTION_SPECS, the agent registry),
// and what a database holds.

import { agentKinds } from '../../agents/registry.js';
import { formatOptions, formatOptionValue, OPTION_SPECS, type OptionSpec } from '../../engine/index.js';
import { PRESETS, type Preset } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { formatRoleCounts } from '../../engine/index.js';
import { seatingFromText } from '../../runs/run-config.js';
import { seatsPeople } from '../../agents/human/kind.js';
import { Store } from '../../runs/storage.js';
import { pairings, tournaments } from '../../tournaments/tournament-store.js';
import { MOON_EVENTS } from '../../engine/index.js';
import { CAUSES } from '../../engine/index.js';
import { visibleLine } from '../../narrate/escape.js';
import { DEFAULT_DB } from './args.js';
import { fail, unwrap } from './errors.js';
import { findPreset, presetNames } from '../../engine/index.js';
import type { CliIo } from './io.js';
import { hanging, wrap } from '../../narrate/width.js';

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
    out.push(...wrap(`${p.name} (${p.document}) — ${p.title}${p.name === 'standard' ? '   [default]' : ''}`, 80, ''));
    out.push(...hanging('  ', `table (from ${p.tableSource}): --preset ${p.name} --players N`, { indent: 4 }));
    for (const [n, mix] of tableRows(p)) out.push(`    ${String(n).padStart(2)} players  ${mix}`);
    out.push('  rules:');
    out.push(...wrap(formatOptions(p.options).join(' '), 80, '    '));
    if (p.notes.length > 0) {
      out.push('  where the document is silent:');
      for (const n of p.notes) out.push(...hanging('    - ', n));
    }
    out.push('');
  }
  out.push(...wrap('Any mix: --roles werewolf=2,seer,witch,villager=5 (under the preset\'s rules). Change a rule: --rule key=value (see `sim rules`).', 80, ''));
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
  const out: string[] = [...wrap('Rule options: --rule key=value (repeatable). Values per preset at the end of each entry.', 80, ''), ''];
  for (const o of OPTION_SPECS) {
    out.push(...hanging(`${o.key}   `, `${valuesOf(o)}${o.inTable ? '' : ' (a rule a document states in its text, not an option it varies)'}`, { indent: 4 }));
    out.push(...wrap(o.doc, 80, '    '));
    out.push(...wrap(['presets:', ...PRESETS.map((p) => `${p.name}=${formatOptionValue(o.key, p.options)}`)].join(' '), 80, '    '));
    out.push('');
  }
  io.stdout.write(out.join('\n'));
  return 0;
}

export function agentsCommand(io: CliIo): number {
  const out = ['Agents: --agents SPEC or WHO=SPEC (repeatable).', ''];
  for (const k of agentKinds()) out.push(...hanging(`  ${k.name.padEnd(12)} `, `${k.summary}${k.async ? ' (asynchronous)' : ''}`));
  out.push(
    '',
    ...wrap(
      'WHO is a seat (1-based, as transcripts show them: 3=SPEC), a role dealt (seer=SPEC) or a side (village=SPEC, werewolves=SPEC). ' +
        'The most specific wins: seat, then role, then side, then the default (a SPEC without WHO; random when none is given). Example:',
      80,
      '',
    ),
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
      const policy = r.policy === 'keep' ? '' : `  policy ${r.policy}`;
      const games = `games ${r.stored}/${r.planned}${shard}${policy}`;
      // Within 80 columns, wrapped at spaces under the run's first word; a resume command is never broken.
      out.push(
        ...hanging(`  run ${r.id}  `, `${visibleLine(r.created.slice(0, 16).replace('T', ' '))}  seed ${visibleLine(r.seed)}  code ${visibleLine(r.codeHash)}${r.git === null ? '' : ` (${visibleLine(r.git)})`}`, { indent: 9 }),
        ...hanging('         ', `${r.players} players ${visibleLine(r.deck)}  ${visibleLine(r.preset)}${r.rules === '' ? '' : `  ${visibleLine(r.rules)}`}`),
        ...hanging('         ', `agents ${visibleLine(r.seating)}${r.seatOrder === 'shuffled' ? '  seats shuffled' : ''}`, { indent: 11 }),
      );
      const seating = seatingFromText(r.seating);
      if (r.stored === r.planned) out.push(`         ${games}  complete`);
      else if (r.ended !== null) out.push(...hanging('         ', `${games}  finished by design (${visibleLine(r.ended)})`));
      // A table's run (people at seats) goes on at the table, from the answers given.
      else if (seating.ok && seatsPeople(seating.value)) out.push(...hanging('         ', `${games}  INCOMPLETE: the same sim table command goes on from the answers given`));
      // A run of process agents resumes only with --run-agents, which starts the programs the file names.
      else if (r.seating.includes('exec:'))
        out.push(`         ${games}  INCOMPLETE: sim resume --db ${shown} --run ${r.id} --run-agents`, '         (--run-agents starts the programs the file names: only if you trust them)');
      else out.push(`         ${games}  INCOMPLETE: sim resume --db ${shown} --run ${r.id}`);
    }
    const ts = tournaments(store);
    if (ts.length > 0) out.push(...wrap(`tournaments in ${shown} (sim report --db ${shown} --tournament ID rates one):`, 80, ''));
    for (const t of ts) {
      const runs = pairings(store, t.id).map((p) => p.run);
      const who = visibleLine(t.mode === 'side' ? t.entrants.join(' vs ') : t.mode === 'mixed' ? `${t.entrants.join(', ')} at one table` : `${t.entrants.join(', ')} among ${t.reference}`);
      out.push(...hanging(`  tournament ${t.id}  `, `${visibleLine(t.mode)} mode  ${who}`, { indent: 9 }), ...hanging('         ', `${runs.length} runs of ${t.games} games, seed ${visibleLine(t.seed)}: runs ${runs.join(' ')}`));
    }
    io.stdout.write(out.join('\n') + '\n');
    return 0;
  } finally {
    store.close();
  }
}
