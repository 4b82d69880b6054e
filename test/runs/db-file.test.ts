// What lies at a results file's path, judged from its header alone (runs/db-file.ts
// `inspectDbFile`): a file shorter than its header counts is damaged, unless a journal or
// a write-ahead log beside it says another process is in the middle of writing it.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { inspectDbFile } from '../../runs/db-file.js';
import { APPLICATION_ID, SCHEMA_VERSION } from '../../runs/schema.js';

const dir = mkdtempSync(join(tmpdir(), 'db-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = 4096;

/** A results file's first `pages` pages of `counted`, as SQLite's header lays them out. */
function fileOf(pages: number, counted: number): Buffer {
  const b = Buffer.alloc(pages * PAGE);
  b.write('SQLite format 3\0', 0, 'latin1');
  b.writeUInt16BE(PAGE, 16);
  b.writeUInt32BE(7, 24); // the change counter, equal to the version-valid-for number: the page count is valid
  b.writeUInt32BE(counted, 28);
  b.writeInt32BE(SCHEMA_VERSION, 60);
  b.writeUInt32BE(APPLICATION_ID, 68);
  b.writeUInt32BE(7, 92);
  return b;
}

function at(name: string, content: Buffer, beside: Record<string, Buffer> = {}): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  for (const [suffix, c] of Object.entries(beside)) writeFileSync(`${path}${suffix}`, c);
  return path;
}

describe('a file shorter than its header counts', () => {
  test('whole: ours', () => {
    expect(inspectDbFile(at('whole.db', fileOf(20, 20)))).toEqual({ ok: true, value: 'ours' });
  });

  test('alone: damaged, saying how short', () => {
    const r = inspectDbFile(at('cut.db', fileOf(7, 20)));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toContain(`is damaged (truncated: ${7 * PAGE} bytes where its header counts ${20 * PAGE})`);
  });

  // Two runs started together on a new file: one read the other's file between the
  // commit's first page and its last, and called it damaged.
  test.each([
    ['a rollback journal', '-journal'],
    ['a write-ahead log', '-wal'],
  ])('with %s beside it: in the middle of a write, not judged', (_, suffix) => {
    expect(inspectDbFile(at(`writing${suffix}.db`, fileOf(7, 20), { [suffix]: Buffer.alloc(512, 1) }))).toEqual({ ok: true, value: 'ours' });
  });

  test('with an empty journal beside it: nothing in flight, damaged', () => {
    expect(inspectDbFile(at('empty-journal.db', fileOf(7, 20), { '-journal': Buffer.alloc(0) })).ok).toBe(false);
  });
});
