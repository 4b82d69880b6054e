// The progress bar: on stderr, only when stderr is a terminal and not in --json mode, so
// pipes, logs and batch jobs get clean output.

import cliProgress from 'cli-progress';
import { gamesPerSecond } from './format.js';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

export function progressBar(enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: '  {bar} {percentage}% · {value}/{total} games · {speed} games/s · {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let t0 = 0;
  let first = 0;
  return {
    update(done, total) {
      if (!started) {
        started = true;
        t0 = performance.now();
        first = done;
        bar.start(total, done, { speed: '—' });
        return;
      }
      const s = (performance.now() - t0) / 1000;
      bar.update(done, { speed: s > 0 ? gamesPerSecond((done - first) / s) : '—' });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
