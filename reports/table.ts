// A table as data: typed columns and raw rows. The terminal, the HTML page, CSV and JSON
// all render the same Table, so every number shown is also in the files.

export type Cell = string | number | boolean | null;
export type Row = Readonly<Record<string, Cell>>;

export type ColumnKind =
  | 'text'
  | 'int'
  /** A fraction shown as a percentage (0.498 → 49.8%). */
  | 'pct'
  /** A number with `digits` decimals. */
  | 'num'
  /** A p-value (< 0.001 below that). */
  | 'p'
  /** Two pct columns `low`–`high` shown as one ("48.8–50.8"; with `digits`, as numbers: "0.412–0.431"); not in CSV/JSON (its parts are). */
  | 'interval';

export interface Column {
  readonly key: string;
  readonly title: string;
  readonly kind: ColumnKind;
  readonly digits?: number;
  /** For 'interval': the keys of its bounds. */
  readonly low?: string;
  readonly high?: string;
  /** Shown in the terminal and HTML (default true); CSV and JSON hold every raw column. */
  readonly shown?: boolean;
}

export interface Table {
  /** File name stem for CSV/JSON (`balance-standard`). */
  readonly id: string;
  readonly title: string;
  readonly columns: readonly Column[];
  readonly rows: readonly Row[];
  /** Sentences printed under the table. */
  readonly notes?: readonly string[];
}

export function isRaw(c: Column): boolean {
  return c.kind !== 'interval';
}

export function shownColumns(t: Table): Column[] {
  return t.columns.filter((c) => c.shown !== false);
}

/** `x` to `digits` decimals, without the sign of a value that rounds to zero ("-0.000" reads as a finding; it is none). */
function fixed(x: number, digits: number): string {
  const t = x.toFixed(digits);
  return t.startsWith('-') && Number(t) === 0 ? t.slice(1) : t;
}

const pctText = (x: number) => fixed(100 * x, 1);

/** A cell as people read it. */
export function formatCell(c: Column, row: Row): string {
  if (c.kind === 'interval') {
    const lo = row[c.low ?? ''];
    const hi = row[c.high ?? ''];
    if (typeof lo !== 'number' || typeof hi !== 'number') return '';
    // Undefined bounds (too few games to resample) are shown as no interval, never as NaN–NaN.
    if (Number.isNaN(lo) || Number.isNaN(hi)) return '—';
    return c.digits === undefined ? `${pctText(lo)}–${pctText(hi)}` : `${fixed(lo, c.digits)}–${fixed(hi, c.digits)}`;
  }
  const v = row[c.key];
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : '';
  if (typeof v === 'string') return v;
  if (!Number.isFinite(v)) return v > 0 ? '∞' : v < 0 ? '−∞' : '';
  switch (c.kind) {
    case 'text':
      return String(v);
    case 'int':
      return String(Math.round(v));
    case 'pct':
      return `${pctText(v)}%`;
    case 'num':
      return fixed(v, c.digits ?? 2);
    case 'p':
      return v < 0.001 ? '<0.001' : v.toFixed(3);
  }
}

export function isNumeric(c: Column): boolean {
  return c.kind !== 'text';
}
