/**
 * The values the Dark Crusade rules do not print (docs/games/dc.md "Reconstructed values"), as parameters with their default,
 * range and provenance. The tables themselves live in data/dc.json (provenance per value).
 */
import type { ParameterDef } from '../../core/game.js';
import { dcData } from './data.js';

const T = (id: string) => dcData.unitTypes.find((t) => t.id === id)!;

/** DC 2.A.2: the scenarios that use the Advanced-level counters. */
const ADVANCED: readonly string[] = ['adv-tournament', 'adv-tournament-campaign', 'adv-campaign'];

function ffParam(type: string, what: string): ParameterDef {
  const t = T(type);
  return {
    ...(t.level === 'advanced' ? { scenarios: ADVANCED } : {}),
    id: `ff-${type}`,
    kind: 'integer',
    min: 1,
    max: 3,
    default: t.ff,
    provenance: t.provenance,
    description: `Fire factor of a ${what} (DC 1.B; the counter values are missing).`,
    source: t.source,
  };
}

/** DC 3.C: units of one kind in each of the Siberian Reserve's three waves (reconstructed). */
function sibParam(
  id: string,
  key: 'infantry' | 'armor' | 'artillery' | 'cavalry',
  what: string,
): ParameterDef {
  return {
    id: `sib-reserve-${id}`,
    kind: 'integer',
    min: 0,
    max: 10,
    default: dcData.siberianReserve.perWave[key],
    provenance: 'reconstructed',
    description: `Siberian Reserve ${what} per wave (DC 3.C; the reserve's make-up is not printed; data/NOTES.md).`,
    source: dcData.siberianReserve.source,
  };
}

export const parameters: readonly ParameterDef[] = [
  {
    id: 'crt-divisor',
    kind: 'integer',
    min: 5,
    max: 10,
    default: 7,
    provenance: 'reconstructed',
    description: 'CRT losses = round(column x die / divisor) (DC 13.B.2; the CRT is missing).',
    source: dcData.crt.source,
  },
  {
    id: 'crt-max-column',
    kind: 'integer',
    min: 24,
    max: 35,
    default: 24,
    provenance: 'rules',
    description:
      'Top CRT column M: larger fire totals are split into the fewest, most equal groups (DC 13.B.6; the printed examples 37 -> 19+18 and 72 -> 3 x 24 need 24 <= M <= 35).',
    source: 'DC 13.B.6 examples',
  },
  ffParam('ger-pz', 'German Panzer corps'),
  ffParam('ger-inf', 'German infantry corps'),
  ffParam('sov-rifle', 'Soviet rifle army'),
  ffParam('sov-tank', 'Soviet tank corps'),
  ffParam('ger-pzgren', 'German panzergrenadier corps (Advanced level)'),
  ffParam('ger-hq', 'German Army HQ: its support value (DC 13.B.7; Advanced level)'),
  ffParam('ger-pzhq', 'German Panzer HQ: its support value (DC 13.B.7; Advanced level)'),
  ffParam('sov-art', 'Soviet artillery unit (Advanced level)'),
  {
    id: 'sib-repl-scale',
    kind: 'integer',
    min: 0,
    max: 3,
    default: 1,
    provenance: 'reconstructed',
    description:
      'Units per Siberian replacement symbol of the Turn Record Track (DC 8.A.2.c; the symbols are missing, data/dc.json siberianReplacements); 0: none.',
    source: dcData.siberianReplacements.source,
  },
  {
    id: 'vp-chart',
    kind: 'choice',
    choices: ['recon', 'axis-easier', 'axis-harder'],
    default: 'recon',
    provenance: 'reconstructed',
    description:
      'The Tournament victory chart (DC 2.B.1; only the Dec 1941 Axis 7+7 is printed): the reconstruction, or the Axis enemy-VP requirement 1 lower (axis-easier) or 1 higher (axis-harder) in every month (data/NOTES.md).',
    source: dcData.victory.source,
  },
  sibParam('inf', 'infantry', 'rifle armies'),
  sibParam('armour', 'armor', 'tank corps'),
  sibParam('art', 'artillery', 'artillery units (the Introductory level has none to send)'),
  sibParam('cav', 'cavalry', 'cavalry corps'),
  {
    id: 'sov-counter-mix',
    kind: 'integer',
    min: 50,
    max: 150,
    default: 100,
    provenance: 'reconstructed',
    description:
      'The Soviet counter mix (DC 8.A.2, 8.C.3: it caps how many counters of each type can be in play) as a percentage of the reconstructed counts, each rounded (data/NOTES.md: the mix caps Soviet strength).',
    source: dcData.counterMix.source,
  },
  {
    id: 'ger-repl-table',
    kind: 'choice',
    choices: ['recon', 'lean', 'rich'],
    default: 'recon',
    provenance: 'reconstructed',
    description:
      "The German replacement chart (DC 8.A.1.a; the chart is not printed): each year reads its own row, or the year before's (lean) or the year after's (rich), the rows growing by year (1941 and 1945 bound them; data/NOTES.md).",
    source: dcData.germanReplacements.source,
  },
  {
    id: 'winter-col2-weather',
    kind: 'choice',
    choices: ['good', 'mud', 'snow'],
    default: 'mud',
    provenance: 'reconstructed',
    description:
      'Under variant winter-col2-1st only: the weather of column 2 in December, January and February, which the winter months then read after the autumn roll (1E-errata 2 made them Snow in both columns; the 1st-edition entry is not in the rules text, and Mud is the stand-in).',
    source: 'DC 7.A, 1E-errata 2 (the 1st-edition entry is unknown; Mud stands in, data/NOTES.md)',
  },
  {
    id: 'memel-infantry',
    kind: 'integer',
    min: 0,
    // DC 3.B.1: at most 3 infantry corps at Memel at set-up (resolve.ts refuses more)
    max: 3,
    default: 2,
    provenance: 'reconstructed',
    description:
      'German infantry corps set up at Memel (taken from Konigsberg); DC 3.B.1 allows at most 3 infantry corps there.',
    source: dcData.setup.source,
  },
  {
    id: 'lublin-line',
    kind: 'locationList',
    length: 2,
    default: ['LUB', 'ROV'],
    provenance: 'reconstructed',
    description:
      'Ends of the extra line that lets Panzergruppe 1 attack on turn 1 (data/NOTES.md: in the reconstruction Lublin has no line into the USSR); its class is lublin-line-class.',
    source: 'data/NOTES.md (the reconstructed map; fix option LUB-ROV)',
  },
  {
    id: 'lublin-line-class',
    kind: 'choice',
    choices: ['none', 'inferior', 'minor', 'major'],
    default: 'minor',
    provenance: 'reconstructed',
    description:
      'Class of the lublin-line, or none (the reconstruction as published: Army Group South armour cannot attack on turn 1).',
    source: 'data/NOTES.md (the reconstructed map)',
  },
];
