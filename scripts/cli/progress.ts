// The progress bar: on stderr, only when stderr is a terminal and not in --json mode, so
// pipes, logs and batch jobs get clean output. Its rate and time left are measured over
// the last seconds (a `RateWindow`), not since the start: a run that slows down (models
// rate-limited, a heavier cell of a sweep) shows its pace now, and an honest ETA; beside
// them, the time since it began.

import type cliProgress from 'cli-progress';
import { createRequire } from 'node:module';
import { gamesPerSecond } from './format.js';
import type { CliIo } from './io.js';

export interface Progress {
  /** Games done of `total`; `label` (optional) is shown before the bar (a sweep's round and open cells). */
  update(done: number, total: number, label?: string): void;
  /** Lines written above the bar, which stays below them (a tournament's live standing). */
  note(lines: readonly string[]): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, note() {}, stop() {} };

/** cli-progress, loaded when a bar is drawn (a terminal): a run piped or logged does not load it (~10 ms of start-up). */
const load = createRequire(import.meta.url);

/** Games per second over a window of recent samples (the last `seconds`, and at least the last two samples). */
export class RateWindow {
  private readonly samples: { t: number; done: number }[] = [];

  constructor(private readonly seconds = 10) {}

  add(t: number, done: number): void {
    this.samples.push({ t, done });
    // Keep one sample at or before the window's start, so the window spans `seconds` once it can.
    while (this.samples.length > 2 && this.samples[1]!.t <= t - this.seconds) this.samples.shift();
  }

  /** Games per second over the window; null before two samples a moment apart. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (first === undefined || last === undefined || last.t - first.t < 0.2) return null;
    return (last.done - first.done) / (last.t - first.t);
  }

  /** Seconds left for `total` at the window's rate; null when unknown. */
  eta(total: number): number | null {
    const r = this.rate();
    const last = this.samples[this.samples.length - 1];
    if (r === null || last === undefined) return null;
    if (last.done >= total) return 0;
    return r > 0 ? (total - last.done) / r : null;
  }
}

/** `45s`, `12m 05s`, `3h 20m`. */
export function duration(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '—';
  const x = Math.round(s);
  if (x < 60) return `${x}s`;
  if (x < 3600) return `${Math.floor(x / 60)}m ${String(x % 60).padStart(2, '0')}s`;
  return `${Math.floor(x / 3600)}h ${String(Math.floor((x % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * The line's two shapes, each within 80 columns at up to 9,999,999 games/s with hours
 * left. A labelled line (a sweep's "round 12 · 48/376 open ·") has a shorter bar and no
 * done/total: a sweep's total grows as rounds are added, and the percentage says as much.
 */
const PLAIN = { format: '  {bar} {percentage}% · {value}/{total} · {speed}/s · {left} left · {elapsed}', barsize: 16 } as const;
const LABELLED = { format: '  {label}{bar} {percentage}% · {speed}/s · {left} left · {elapsed}', barsize: 8 } as const;

export function progressBar(enabled: boolean, io: CliIo): Progress {
  if (!enabled || !io.stderr.isTTY) return SILENT;
  const bars = load('cli-progress') as typeof cliProgress;
  // The shape is chosen at the first update, by whether it has a label.
  const make = (shape: typeof PLAIN | typeof LABELLED) =>
    new bars.SingleBar(
      {
        // cli-progress draws only on a terminal (checked above), through a TTY stream's methods.
        stream: io.stderr as NodeJS.WritableStream,
        // {left} and {elapsed} are ours: cli-progress's own {eta} is bare seconds ("64"), and
        // reads 0 before it knows.
        ...shape,
        hideCursor: true,
        clearOnComplete: true,
        fps: 10,
      },
      bars.Presets.shades_classic,
    );
  let bar: cliProgress.SingleBar | undefined;
  const window = new RateWindow();
  const since = performance.now() / 1000;
  return {
    update(done, total, label) {
      const now = performance.now() / 1000;
      window.add(now, done);
      const rate = window.rate();
      const payload = { speed: rate === null ? '—' : gamesPerSecond(rate), left: duration(window.eta(total)), elapsed: duration(now - since), label: label === undefined ? '' : `${label} ` };
      if (bar === undefined) {
        bar = make(label === undefined ? PLAIN : LABELLED);
        bar.start(total, done, payload);
        return;
      }
      if (bar.getTotal() !== total) bar.setTotal(total);
      bar.update(done, payload);
    },
    note(lines) {
      // The bar clears its line when stopped; the next update draws it afresh below the lines.
      bar?.stop();
      bar = undefined;
      io.stderr.write(lines.map((l) => `${l}\n`).join(''));
    },
    stop() {
      bar?.stop();
    },
  };
}
