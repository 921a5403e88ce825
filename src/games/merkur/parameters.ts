/**
 * The values the Merkur rules do not fix (docs/games/merkur.md "Reconstructed values") and the contradictions between the
 * reconstruction and the rules, each as a parameter with its provenance, range and reason.
 */
import type { ParameterDef } from '../../core/game.js';
import { CALIBRATION_FILE, merkurCalibration, merkurData } from './data.js';

const NOTES = 'src/games/merkur/data/NOTES.md';

type Calibrated = keyof typeof merkurCalibration.values;
/** A calibrated default (data/calibration.json, the output of experiments/merkur-calibrate.json). */
const cal = (id: Calibrated) => merkurCalibration.values[id].value;
/** Source of a calibrated default: the reconstruction it replaces and the calibration run. */
const calSource = (id: Calibrated) =>
  `${NOTES} (reconstruction ${merkurCalibration.values[id].reconstruction}); default ${CALIBRATION_FILE} (${merkurCalibration.calibrate.file}, seed ${merkurCalibration.calibrate.seed}): ${merkurCalibration.values[id].why}`;

/** The historical turn-1 drop zones (data order of the turn-1 arrivals). */
export const HISTORICAL_DROPS: readonly string[] = merkurData.arrivals
  .filter((a) => a.turn === 1)
  .flatMap((a) => a.drops.map((d) => d.zone));

export const parameters: readonly ParameterDef[] = [
  {
    id: 'cwInfantryDefence',
    description:
      'Defence of the CW battalions printed 5 in the data (the main balance lever, RULES-CHECKLIST I-13).',
    kind: 'integer',
    default: cal('cwInfantryDefence'),
    min: 1,
    max: 7,
    provenance: 'reconstructed',
    source: calSource('cwInfantryDefence'),
  },
  {
    id: 'cwInfantryAttack',
    description: 'Attack of the CW battalions printed 4 in the data.',
    kind: 'integer',
    default: 4,
    min: 1,
    max: 7,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'paraAttack',
    description: 'Attack of the German para battalions (glider battalions: this +1).',
    kind: 'integer',
    default: cal('paraAttack'),
    min: 3,
    max: 8,
    provenance: 'reconstructed',
    source: calSource('paraAttack'),
  },
  {
    id: 'mountainAttack',
    description: 'Attack of the 5th Mountain battalions printed 5.',
    kind: 'integer',
    default: cal('mountainAttack'),
    min: 3,
    max: 8,
    provenance: 'reconstructed',
    source: calSource('mountainAttack'),
  },
  {
    id: 'germanMA',
    description:
      'Movement allowance of German infantry (data 4). Spec I-1: with 4 no German infantry pays a strategic zone (6) without V-STRAT min-move.',
    kind: 'integer',
    default: cal('germanMA'),
    min: 2,
    max: 8,
    provenance: 'reconstructed',
    source: calSource('germanMA'),
  },
  {
    id: 'cwMA',
    description:
      'Movement allowance of CW infantry (data 3). Spec I-1: with 3 CW infantry can never enter a mountain (4) or strategic (6) zone without V-STRAT min-move.',
    kind: 'integer',
    default: 3,
    min: 2,
    max: 8,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'townSecondaire',
    description: '7.2: CW defence bonus in a ville secondaire (Galatas, Souda).',
    kind: 'integer',
    default: 4,
    min: 0,
    max: 8,
    provenance: 'rules',
    source: 'Merkur 7.2',
  },
  {
    id: 'townPrincipale',
    description: '7.2: CW defence bonus in La Canée, Rethymnon, Heraklion.',
    kind: 'integer',
    default: 6,
    min: 0,
    max: 10,
    provenance: 'rules',
    source: 'Merkur 7.2',
  },
  {
    id: 'reducedRule',
    description:
      '2.2: the reduced side of every counter is unknown (docs/games/merkur.md, reconstructed values): half rounded up, down, or minus 2.',
    kind: 'choice',
    default: 'half-up',
    choices: ['half-up', 'half-down', 'minus-2'],
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'airLandingPerTurn',
    description:
      '5.3: units air-landed per turn on one held airfield (the data says 3; the rules give no capacity).',
    kind: 'integer',
    default: 3,
    min: 1,
    max: 6,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'convoyB1Size',
    description:
      '5.4 (RULES-CHECKLIST I-5): units in convoy B1. The data has 3, against an interception table that sinks 1-6; sizes above 3 add the next mountain units of the air-landing queue.',
    kind: 'integer',
    default: 3,
    min: 3,
    max: 8,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'convoyB2Turn',
    description: '5.4: turn convoy B2 (the mountain units not yet landed) debarks; 13.0 is missing.',
    kind: 'integer',
    default: 16,
    min: 8,
    max: 24,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'rethymnonGarrison',
    description:
      "Spec I-2: the data leaves Rethymnon airfield (26) empty, handing the Germans an airfield on turn 2 against the reviewers' anchor. This many units of Hills A and B (2/1, 2/11 Aus) start in zone 26 instead (0 = the data as it is).",
    kind: 'integer',
    default: cal('rethymnonGarrison'),
    min: 0,
    max: 2,
    provenance: 'reconstructed',
    source: calSource('rethymnonGarrison'),
  },
  {
    id: 'germanDropZones',
    description:
      'V drops-historical: the turn-1 drop zone of each turn-1 arrival in data order (Sturm/I, Sturm/II, Sturm/III, Sturm/IV, Meindl, FJR3/I-III, Heidrich, Suessmann); at most 6 German units per zone (5.1).',
    kind: 'locationList',
    default: HISTORICAL_DROPS,
    length: HISTORICAL_DROPS.length,
    provenance: 'reconstructed',
    source: NOTES,
  },
  {
    id: 'soloInitiative',
    description:
      'Rule 12: the solitaire CW never uses the initiative (the rules are silent), or "simple": re-roll a movement roll of 0, an RN test that lets the convoy pass, and a CW attack of band 1-2.',
    kind: 'choice',
    default: 'never',
    choices: ['never', 'simple'],
    provenance: 'reconstructed',
    source: 'docs/games/merkur.md (solitaire play)',
    scenarios: ['solitaire'],
  },
  {
    id: 'soloResidual',
    description:
      'Rule 12: the choices 12.0-12.2 leave to the solitaire player — forts 5 and 6, lead attacker and defender, artillery support, "all retreat or one halved", the 8.3 second defender, an EM following its last unit (2.4), fort sacrifice, bombardment target, the Maori attack — resolved by the documented fixed rules, or "random": uniformly among the legal options from stream solitaire. A unit\'s retreat zone follows 12.2 under both.',
    kind: 'choice',
    default: 'fixed',
    choices: ['fixed', 'random'],
    provenance: 'reconstructed',
    source: 'docs/games/merkur.md (solitaire play)',
    scenarios: ['solitaire'],
  },
];
