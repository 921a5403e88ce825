/**
 * Each game's bad input through the CLI's own command functions, in process (tests/helpers/cli.ts
 * userErrorOf): one line naming the file or option, the field and the value (a UserError, which the
 * CLI prints as one line with exit code 2; tests/cli-smoke.test.ts spawns the CLI for that).
 * One table for every game: a case is a command line, or an experiment arm run from a file.
 */
import { describe, expect, it } from 'vitest';
import { tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

interface Case {
  readonly what: string;
  /** A command line, or an arm (params, variants) of an experiment run from the file `file`. */
  readonly args?: readonly string[];
  readonly arm?: { readonly params?: Record<string, unknown>; readonly variants?: Record<string, boolean> };
  readonly file?: string;
  readonly fragments: readonly string[];
}

const SCENARIO: Readonly<Record<string, string>> = {
  crete: 'campaign',
  merkur: 'two-player',
  dc: 'intro-tournament',
};

const drops = (d: number[]) => ({ params: { germanDropZones: d.map(String) } });
const CASES: Readonly<Record<string, readonly Case[]>> = {
  crete: [
    {
      what: 'a drop allocation under the minimum (K6.1), played',
      args: [
        'play',
        'crete',
        '--seed',
        '1',
        '--param',
        't1-drops-suda=3',
        '--param',
        't1-drops-retimo=1',
        '--param',
        't1-drops-heraklion=1',
      ],
      fragments: ['field params.t1-drops-suda/retimo/heraklion', '3+1+1 = 5', 'minimum of 7'],
    },
    {
      what: 'a drop allocation under the minimum (K6.1), run',
      arm: { params: { 't1-drops-suda': 3, 't1-drops-retimo': 1, 't1-drops-heraklion': 1 } },
      file: 'alloc.json',
      fragments: ['t1-drops-suda', '3+1+1 = 5'],
    },
    {
      what: 'a hex not on any board, played',
      args: ['play', 'crete', '--seed', '1', '--param', 'suda-hex=S9999'],
      fragments: ['field params.suda-hex', '"S9999"', 'not a location'],
    },
    {
      what: 'a hex not on any board, run',
      arm: { params: { 'suda-hex': 'H2525' } },
      file: 'hex.json',
      fragments: ['params.suda-hex', '"H2525"'],
    },
    {
      what: 'a square off its board in odds',
      args: ['odds', 'crete', '--hex', 'S2110'],
      fragments: ['option --hex', '"S2110"', 'not a square of board Suda Bay'],
    },
    {
      what: 'an unknown board',
      args: ['play', 'crete', '--seed', '1', '--param', 'concentration-board=crete'],
      fragments: ['field params.concentration-board', '"crete"', 'suda, retimo, heraklion'],
    },
    {
      what: 'a hex that names no board in odds',
      args: ['odds', 'crete', '--hex', 'X0101'],
      fragments: ['option --hex', '"X0101"', 'names no board'],
    },
  ],
  merkur: [
    {
      what: 'a zone id that is not on the map',
      arm: drops([1, 16, 3, 1, 1, 7, 9, 12, 7, 99]),
      file: 'zone.json',
      fragments: ['germanDropZones', '"99"'],
    },
    {
      what: 'a stack over the limit in a parameter',
      arm: drops([1, 1, 1, 1, 1, 1, 1, 12, 7, 7]),
      file: 'stack.json',
      fragments: ['germanDropZones', '"1"', '7 German units'],
    },
    {
      what: 'an unknown variant',
      arm: { variants: { 'bands-sideways': true } },
      file: 'variant.json',
      fragments: ['variants', '"bands-sideways"'],
    },
  ],
  dc: [
    {
      what: 'a point not on the map',
      arm: { params: { 'lublin-line': ['XXX', 'ROV'] } },
      file: 'point.json',
      fragments: ['params.lublin-line', '"XXX"', 'not a location'],
    },
    {
      what: 'a line that is already on the map',
      arm: { params: { 'lublin-line': ['WAR', 'BIA'] } },
      file: 'line.json',
      fragments: ['params.lublin-line', 'already joined', 'WAR'],
    },
    {
      what: "set-up over Memel's stacking limit of 3 infantry corps (DC 3.B.1)",
      arm: { params: { 'memel-infantry': 4 } },
      file: 'memel.json',
      fragments: ['params.memel-infantry', 'in 0..3', '4'],
    },
    {
      what: 'an unknown fortress class',
      args: ['odds', 'dc', '--fortress', 'citadel'],
      fragments: ['option --fortress', '"citadel"', 'none, 1, 2, 3'],
    },
    {
      what: 'a negative all-out attack count',
      args: ['odds', 'dc', '--allout-att', '-1'],
      fragments: ['option --allout-att', '"-1"'],
    },
    {
      what: 'a negative all-out defence count',
      args: ['odds', 'dc', '--allout-def', '-2'],
      fragments: ['option --allout-def', '"-2"'],
    },
    {
      what: 'a negative Soviet air count',
      args: ['odds', 'dc', '--air-sov', '-1', '--advanced'],
      fragments: ['option --air-sov', '"-1"'],
    },
    {
      what: 'Soviet air at the Introductory level',
      args: ['odds', 'dc', '--air-sov', '2'],
      fragments: ['option --air-sov', 'Advanced', '"2"'],
    },
    {
      what: 'an unknown odds variant',
      args: ['odds', 'dc', '--variants', 'no-such'],
      fragments: ['option --variants', '"no-such"'],
    },
  ],
};

const dir = tempDir('game-errors');

describe('bad input of each game is one line naming the file or option, field and value', () => {
  for (const [game, cases] of Object.entries(CASES))
    for (const c of cases)
      it(`${game}: ${c.what}`, async () => {
        let args = c.args;
        const fragments = [...c.fragments];
        if (args === undefined) {
          const file = `${game}-${c.file}`;
          const exp = {
            name: `${game}-bad`,
            game,
            scenario: SCENARIO[game],
            games: 2,
            seed: 1,
            arms: [{ id: 'a', ...c.arm }],
          };
          args = ['run', writeExperiment(dir, exp, file), '--out', `${dir}/out-${file}`];
          fragments.push(file);
        }
        const line = await userErrorOf(args);
        expect(line.includes('\n'), line).toBe(false);
        for (const f of fragments) expect(line).toContain(f);
      });
});
