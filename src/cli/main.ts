#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { UserError } from '../core/errors.js';
import { gameRegistry } from '../games/index.js';
import { RunFailure } from '../runner/run.js';
import { codeVersion } from '../runner/version.js';
import { registerCompare } from './compare.js';
import { registerList } from './list.js';
import { registerMerge } from './merge.js';
import { registerOdds } from './odds.js';
import { registerPlan } from './plan.js';
import { registerPlay } from './play.js';
import { registerReplay } from './replay.js';
import { registerReport } from './report.js';
import { registerRun } from './run.js';

// `sandtable play ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

// The composition root: the games every command sees.
const games = gameRegistry();

const program = new Command();
program
  .name('sandtable')
  .description('Is this wargame balanced, and what changes it? Seeded batch play, exact odds, reports.')
  .version(codeVersion().version)
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

registerList(program, games);
registerRun(program, games);
registerPlay(program, games);
registerMerge(program, games);
registerReplay(program, games);
registerOdds(program, games);
registerCompare(program, games);
registerPlan(program, games);
registerReport(program, games);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof UserError) {
    process.stderr.write(`sandtable: ${e.message}\n`);
    process.exit(2);
  }
  if (e instanceof RunFailure) {
    process.stderr.write(`sandtable: ${e.message}\n`);
    process.exit(1);
  }
  if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
  throw e;
}
