// One colour per fate in every chart: two charts that show different fates paint the same
// fate alike (a scheme indexed by the fates present painted "survived" purple in one chart
// and red in another). Fails if deathChart goes back to `scheme` over the fates present.

import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { deathChart, FATE_COLOURS } from '../../reports/charts.js';

/** The fill of each fate's bars in a chart, read from the bars' tooltips ("role: fate 12.0%"). */
function fills(svg: string): Map<string, string> {
  const { document } = parseHTML(`<div>${svg}</div>`);
  const out = new Map<string, string>();
  for (const rect of Array.from(document.querySelectorAll('g[aria-label="bar"] rect'))) {
    const fate = /: (\S+) /.exec(rect.querySelector('title')?.textContent ?? '')?.[1];
    if (fate !== undefined) out.set(fate, rect.getAttribute('fill') ?? '');
  }
  return out;
}

describe('the charts’ colours', () => {
  it('paint a fate the same in charts that show different fates', () => {
    const a = fills(deathChart([{ role: 'seer', fate: 'wolves', share: 0.6 }, { role: 'seer', fate: 'survived', share: 0.4 }], ['wolves', 'survived'], 'a'));
    const b = fills(
      deathChart(
        [
          { role: 'witch', fate: 'vote', share: 0.3 },
          { role: 'witch', fate: 'poison', share: 0.1 },
          { role: 'witch', fate: 'survived', share: 0.6 },
        ],
        ['vote', 'poison', 'survived'],
        'b',
      ),
    );
    expect(a.get('survived')).toBe(FATE_COLOURS.survived);
    expect(b.get('survived')).toBe(FATE_COLOURS.survived);
    expect(a.get('wolves')).toBe(FATE_COLOURS.wolves);
    expect(b.get('vote')).toBe(FATE_COLOURS.vote);
    expect(new Set(Object.values(FATE_COLOURS)).size).toBe(Object.keys(FATE_COLOURS).length);
  });
});
