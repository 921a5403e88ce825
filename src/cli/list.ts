import type { Command } from 'commander';
import { listGames } from '../api/game-info.js';
import { UserError } from '../core/errors.js';
import type { ParameterDef } from '../core/game.js';
import type { GameRegistry } from '../core/registry.js';
import { moduleGameId } from './named-games.js';
import { examplesHelp } from './options.js';

/**
 * `sandtable list [game]`: games, scenarios, sides, policies, variants and parameters with
 * provenance; with a game id, that game only (`--json` keeps the shape: an array, of one game).
 */
export function registerList(program: Command, games: GameRegistry): void {
  program
    .command('list')
    .description('list games, scenarios, sides, policies, variants and parameters (with provenance)')
    .argument('[game]', 'only this game (e.g. sfo)')
    .option('--json', 'machine-readable output')
    .option('--tuned <file>', 'also list the tuned policies of a tuned-policies file (what `tune` writes)')
    .option('--game-module <path>', 'a game of your own: its module (docs/adding-a-game.md)')
    .addHelpText(
      'after',
      examplesHelp([
        ['sandtable list', 'games, levels, sides, policies, variants, parameters (+ provenance)'],
        ['sandtable list sfo', 'the same for one game'],
        [
          'sandtable list sfo --tuned experiments/tuned/sfo.json',
          'and the tuned policies (policy@name) of that file',
        ],
      ]),
    )
    .action(
      async (given: string | undefined, opts: { json?: boolean; tuned?: string; gameModule?: string }) => {
        const id = given ?? (opts.gameModule === undefined ? undefined : moduleGameId(games));
        if (id !== undefined) games.get(id, 'list'); // an unknown id: one line naming the known ones
        const all = listGames(games).filter((g) => id === undefined || g.id === id);
        const locationKind = (p: ParameterDef) =>
          p.kind === 'location'
            ? ' (a location)'
            : p.kind === 'locationList'
              ? ` (${p.length === undefined ? 'a list of' : p.length} locations)`
              : '';
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
          return;
        }
        const out: string[] = [];
        for (const g of all) {
          out.push(`${g.id} — ${g.title}`, `  rules: ${g.rules}`);
          out.push(`  sides: ${g.sides.map((s) => `${s.id} (${s.name})`).join(', ')}`);
          out.push('  scenarios:');
          for (const s of g.scenarios) out.push(`    ${s.id.padEnd(22)} ${s.title} [${s.rule}]`);
          out.push('  policies:');
          for (const p of g.policies) {
            const def = g.defaultPolicies[p.side] === p.id ? ' (default)' : '';
            out.push(`${`    ${p.side}/${p.id}${def}`.padEnd(32)} ${p.description}`);
            for (const x of p.params)
              out.push(
                `${' '.repeat(34)}parameter ${x.id} (${x.kind} ${x.min}..${x.max}, default ${x.default}): ${x.description} Set it as ${p.id}:${x.id}=<value>.`,
              );
          }
          if (g.policies.some((p) => p.params.length > 0))
            out.push(
              '  tuned policies: `sandtable tune <file>` searches a policy\'s parameters and saves the best as <policy>@<name> in tuned.json; an experiment plays it by listing that file in its "tuned" field (README "Calibrate and tune")',
            );
          if (opts.tuned !== undefined) {
            const { readTunedPolicies } = await import('../runner/tuned.js');
            const problems: string[] = [];
            const def = games.get(g.id, 'list');
            const tuned = readTunedPolicies(def, [opts.tuned], '.', problems);
            if (problems.length > 0) throw new UserError(`option --tuned: ${problems[0]}`);
            for (const [name, t] of tuned)
              out.push(
                `${`    ${t.side}/${t.policy}@${name}`.padEnd(32)} ${
                  Object.entries(t.params)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ') || 'the defaults'
                }`,
              );
          }
          out.push('  variants:');
          for (const v of g.variants) {
            out.push(
              `    ${v.id}${v.default ? ' (default)' : ''}`.padEnd(32) +
                ` [${v.rule}]${v.group === undefined ? '' : ` {${v.group}}`} ${v.description}${v.scenarios === undefined ? '' : ` (changes play only in ${v.scenarios.join(', ')})`}${v.actsWhen === undefined ? '' : ` (inert unless: ${v.actsWhen})`}`,
            );
          }
          out.push('  parameters:');
          for (const p of g.parameters) {
            out.push(
              `    ${p.id} = ${JSON.stringify(p.default)}`.padEnd(44) +
                ` ${p.provenance.toUpperCase()}${locationKind(p)}: ${p.description} (${p.source})${p.scenarios === undefined ? '' : ` [${p.scenarios.join(', ')}]`}`,
            );
          }
          const ids = g.locations;
          if (ids !== undefined) {
            out.push(
              `  locations: ${ids.length} ids of the board, ${ids.length > 6 ? `${ids.slice(0, 3).join(', ')} ... ${ids.slice(-3).join(', ')}` : ids.join(', ')}`,
            );
          }
          if (g.verdictReadings !== undefined && g.verdictReadings.length > 0) {
            out.push('  verdict readings (a matrix\'s "readings": "declared" plays them; docs/cli.md):');
            for (const r of g.verdictReadings) {
              const setting = [
                ...Object.entries(r.variants ?? {}).map(([k, on]) => (on ? k : `${k} off`)),
                ...Object.entries(r.params ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`),
              ].join(', ');
              out.push(
                `    ${r.id}`.padEnd(32) +
                  ` {${setting}} ${r.label}${r.scenarios === undefined ? '' : ` [${r.scenarios.join(', ')}]`}`,
              );
            }
          }
          out.push('');
        }
        process.stdout.write(`${out.join('\n')}\n`);
      },
    );
}
