import cliProgress from 'cli-progress';

/**
 * Progress of a run in games, always whole numbers. On a terminal: a bar. Otherwise (a pipe, a log
 * file, a cluster task): a line when the run starts, then one line each time the count crosses into
 * a further tenth of the total, so no line repeats and a chunk spanning several tenths prints once.
 */
export interface Progress {
  start(total: number, done: number): void;
  advance(games: number): void;
  stop(): void;
}

/** The stream a progress report writes to: a bar needs `isTTY`, a plain report only `write`. */
export type ProgressStream = Pick<NodeJS.WritableStream, 'write'> & { readonly isTTY?: boolean };

export function createProgress(
  label: string,
  stream: ProgressStream = process.stderr,
  quiet = false,
): Progress {
  if (quiet) return { start() {}, advance() {}, stop() {} };
  const t0 = Date.now();
  const seconds = () => (Date.now() - t0) / 1000;
  // Games done so far, counted here: the bar's own value is a float product (value/total * total).
  let value = 0;
  let total = 0;
  if (stream.isTTY === true) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} games/s | eta {eta_formatted}`,
        stream: stream as NodeJS.WritableStream,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let base = 0;
    return {
      start(t, done) {
        total = t;
        value = done;
        base = done;
        bar.start(total, done, { rate: 0 });
      },
      advance(games) {
        value += games;
        const secs = seconds();
        bar.update(value, { rate: secs > 0 ? Math.round((value - base) / secs) : 0 });
      },
      stop: () => bar.stop(),
    };
  }
  /** The tenth of the total last reported (0 at the start). */
  let tenth = 0;
  const tenthOf = (v: number) => (total > 0 ? Math.floor((10 * v) / total) : 10);
  return {
    start(t, done) {
      total = t;
      value = done;
      tenth = tenthOf(done);
      stream.write(`${label}: ${total} games${done > 0 ? ` (${done} already done)` : ''}\n`);
    },
    advance(games) {
      value += games;
      const now = tenthOf(value);
      if (now <= tenth) return;
      tenth = now;
      const percent = Math.floor((100 * value) / total);
      stream.write(`${label}: ${value}/${total} games (${percent}%) in ${seconds().toFixed(1)} s\n`);
    },
    stop() {},
  };
}
