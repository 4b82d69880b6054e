// A table's cells as people read them (reports/table.ts formatCell): a value that rounds
// to zero prints without a sign — "-0.000" reads as a finding where there is none (an
// entrant that plays a side as the reference does, in seat mode, printed "-0.000 ± 0.000").

import { describe, expect, it } from 'vitest';
import { formatCell, type Column } from '../../reports/table.js';

const num: Column = { key: 'x', title: 'x', kind: 'num', digits: 3 };
const pct: Column = { key: 'x', title: 'x', kind: 'pct' };
const interval: Column = { key: 'ci', title: '95% CI', kind: 'interval', low: 'lo', high: 'hi', digits: 3 };

describe('formatCell', () => {
  it.each([
    { column: num, value: -0.0001, text: '0.000' },
    { column: num, value: -0, text: '0.000' },
    { column: num, value: -0.0006, text: '-0.001' },
    { column: num, value: 0.0004, text: '0.000' },
    { column: pct, value: -0.00001, text: '0.0%' },
    { column: pct, value: -0.004, text: '-0.4%' },
  ])('$column.kind $value reads $text', ({ column, value, text }) => {
    expect(formatCell(column, { x: value })).toBe(text);
  });

  it('an interval of numbers drops the sign of a bound that rounds to zero, and keeps a real one', () => {
    expect(formatCell(interval, { lo: -0.0001, hi: 0.2 })).toBe('0.000–0.200');
    expect(formatCell(interval, { lo: -0.02, hi: -0.0004 })).toBe('-0.020–0.000');
  });
});
