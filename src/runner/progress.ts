import cliProgress from 'cli-progress';

/** Progress of a run in games: a bar on a terminal, a plain line every 10% otherwise. */
export interface Progress {
  start(total: number, done: number): void;
  advance(games: number): void;
  stop(): void;
}

export function createProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  quiet = false,
): Progress {
  if (quiet) return { start() {}, advance() {}, stop() {} };
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} games/s | eta {eta_formatted}`,
        stream,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const t0 = Date.now();
    let base = 0;
    return {
      start(total, done) {
        base = done;
        bar.start(total, done, { rate: 0 });
      },
      advance(games) {
        const v = bar.getProgress() * bar.getTotal() + games;
        const secs = (Date.now() - t0) / 1000;
        bar.update(v, { rate: secs > 0 ? Math.round((v - base) / secs) : 0 });
      },
      stop: () => bar.stop(),
    };
  }
  let total = 0;
  let value = 0;
  let nextTenth = 1;
  const t0 = Date.now();
  return {
    start(t, done) {
      total = t;
      value = done;
      nextTenth = Math.floor((10 * done) / Math.max(1, t)) + 1;
      stream.write(`${label}: ${total} games${done > 0 ? ` (${done} already done)` : ''}\n`);
    },
    advance(games) {
      value += games;
      while (total > 0 && value * 10 >= nextTenth * total && nextTenth <= 10) {
        const secs = (Date.now() - t0) / 1000;
        stream.write(`${label}: ${value}/${total} games (${nextTenth * 10}%) in ${secs.toFixed(1)} s\n`);
        nextTenth++;
      }
    },
    stop() {},
  };
}
