#!/usr/bin/env node
/**
 * The `sandtable` command. A lone `--version` (or `-V`) is answered from package.json before any
 * command, game or library is loaded, so it costs about node's own start; everything else loads
 * the program (src/cli/program.ts), which prints the same version for `--version` among other
 * arguments.
 */
import { packageVersion } from '../runner/version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V'))
  process.stdout.write(`${packageVersion()}\n`);
else await (await import('./program.js')).main();
