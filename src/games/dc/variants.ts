/**
 * The named readings of the Dark Crusade rules (docs/games/dc.md "Readings"): editions and errata, contradictions
 * between sections, silences. Only readings the engine carries out are listed; the groups of the
 * spec not yet modelled are listed as such in RULES-CHECKLIST.md. Each group's default says why.
 */
import type { VariantDef } from '../../core/game.js';
import { ADVANCED_READINGS } from './variants-advanced.js';
import { EDITION_READINGS } from './variants-editions.js';
import { OPTION_READINGS } from './variants-options.js';

/**
 * The variants that can change play only under a narrower condition than their scenarios
 * (VariantDef.actsWhen): the condition, found where the variant-activity search
 * (tests/variants-activity.test.ts) never saw them act.
 */
const ACTS_WHEN: Readonly<Record<string, string>> = {
  'ryt-control-only':
    'Rytishchevo is Soviet-controlled but out of Soviet overland supply in a March, July or November',
  'partisans-before-supply':
    'a partisan placed or moved in a Soviet supply phase (from 1942) reconnects an otherwise isolated Soviet unit',
  'sib-comp-any':
    'the Siberian Reserve is called from 1942 and the Soviet side forms from it a composite other than the three named',
  'azov-sevastopol':
    'a side holds Sevastopol but not Rostov while a sea move or sea supply needs the Sea of Azov',
  'para-two-armies': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'escort-per-unit': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'escort-stays': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'shot-any-defender': 'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'para-lost-chosen-break-off':
    'the optional paratroops rule is in force (variant paratroops-on, Advanced level)',
  'kerch-port-both':
    'a sea move or sea supply runs between Kerch and a port of the other sea while the straits are not both held',
  'retreat-shared':
    "a retreat uses a line whose capacity or armour limit the phase's moves have already filled",
  'sov-air-needs-undispersed-ground':
    'Soviet air attacks in a battle whose Soviet ground units are all dispersed (Advanced level)',
  'hw-bt-escort':
    'German air of a regular combat stands where a unit makes the breakthrough highway double step (Minsk-Moscow highway, Good or Mud weather)',
  'box-in-play':
    'a Campaign instant condition (no Soviet unit on the map, every German unit eliminated) is met while units wait in an off-map box',
  'may-mud-all-assaults':
    'the game starts in May 1941 (variant start-may, or start-policy with the Axis choosing May)',
  'may-air-good-points-only':
    'the game starts in May 1941 (start-may, or start-policy with the Axis choosing May) and German air supports an assault at a point rolled Mud',
};

const listed: readonly VariantDef[] = [...EDITION_READINGS, ...OPTION_READINGS, ...ADVANCED_READINGS];

export const variants: readonly VariantDef[] = listed.map((x) =>
  ACTS_WHEN[x.id] === undefined ? x : { ...x, actsWhen: ACTS_WHEN[x.id]! },
);
