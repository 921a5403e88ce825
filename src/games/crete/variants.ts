/**
 * The named readings of the Crete rules (docs/architecture.md "Variants and parameters"): every ambiguity, contradiction and
 * gap of the rules (docs/games/crete.md "Readings"), one group per question, one default each with the
 * reason it is the default. V-RETREAT is the parameter `retreat-length` (parameters.ts).
 */
import type { VariantDef } from '../../core/game.js';

const v = (id: string, group: string, rule: string, def: boolean, description: string): VariantDef => ({
  id,
  group,
  rule,
  default: def,
  description,
});

/**
 * The variants that can change play only under a narrower condition than the campaign (VariantDef.actsWhen):
 * the condition, found where the variant-activity search (tests/variants-activity.test.ts) never saw them act.
 */
const ACTS_WHEN: Readonly<Record<string, string>> = {
  'ca-limited-table':
    'a counter-attack follows an all-out battle, which needs CA results on the all-out table (no crt-set has one: CA comes from limited battles only)',
  'overstack-stays': 'a para scatters onto 3 German units while its intended square still has room',
  'overstack-eliminated': 'a para scatters onto a square holding 3 German units',
  'scatter-attack-at-once': 'two or more paras scatter onto the same British square in one turn',
  'scatter-attack-together': 'two or more paras scatter onto the same British square in one turn',
  'scatter-fail-destroyed':
    "a scattered para's forced all-out attack leaves both sides on the square (AR, NE, CA or DR on the all-out table: no crt-set has one)",
};

const listed: readonly VariantDef[] = [
  // K3 victory readings: the points as printed, or the German level lowered after heavy para losses
  v(
    'victory-printed',
    'victory',
    'K3',
    true,
    'Most points wins, no levels (the printed rule; default because it is the only text we have).',
  ),
  v(
    'victory-errata',
    'victory',
    'K3 errata (NOTES.md)',
    false,
    'Points decide the winner; German wins get margin levels (marginal < margin-marginal <= substantive < margin-substantive <= decisive) and drop one level (marginal -> draw) when German para battalions eliminated >= para-loss-threshold. British wins stay plain points wins.',
  ),
  // V-TIE
  v('tie-draw', 'tie', 'K3', true, 'Equal points are a draw (default: the text names no winner).'),
  v(
    'tie-british',
    'tie',
    'K3',
    false,
    'Equal points are a British win ("If the Germans have more points by turn ten" is the German success condition).',
  ),
  // V-SUDA
  v(
    'suda-town',
    'suda',
    'K3',
    true,
    'Suda Bay is the one town square (parameter suda-hex; default: the text says "occupy Suda Bay", a place).',
  ),
  v(
    'suda-any-suda-town-or-canea',
    'suda',
    'K3',
    false,
    'Sensitivity check: occupying either Suda or Canea earns the 10 points.',
  ),
  // V-MIN
  v(
    'min-drops-7',
    'min-drops',
    'K6.1, K15',
    true,
    'At least 7 para battalions drop on turn 1 (1969 text; parameter first-turn-min-drops).',
  ),
  v('min-drops-9', 'min-drops', 'K15 (1979 reissue)', false, 'At least 9 (the 1979 reissue in Paratroop).'),
  // V-CRT
  v(
    'crt-attacker-choice',
    'crt-choice',
    'K18, K15.5',
    true,
    'The attacker picks the table per battle (default: the text gives no chooser; the attacker resolves the battle, K10.4).',
  ),
  v('crt-all-out-only', 'crt-choice', 'K18', false, 'Every battle uses the all-out table.'),
  v(
    'crt-limited-only',
    'crt-choice',
    'K18, K15.5',
    false,
    'Every battle uses the limited table, except scattered paras (all-out, K15.5).',
  ),
  // V-ODDS
  v(
    'odds-clamp',
    'odds-limits',
    'K10.4',
    true,
    'Odds worse than 1-3 use 1-3, better than 6-1 use 6-1 (default: the usual SPI reading, JSON crt_note).',
  ),
  v(
    'odds-min-1-3',
    'odds-limits',
    'K10.4, K10.13',
    false,
    'Attacks (and counter-attacks) below 1-3 are not allowed; better than 6-1 uses 6-1.',
  ),
  // V-MULTI
  v(
    'multi-square',
    'multi',
    'K10.1, K10.10',
    true,
    'A battle is one defending square and any adjacent attacking squares; every square fights once per segment (default: standard SPI).',
  ),
  v(
    'one-on-one',
    'multi',
    'K10.10',
    false,
    'One attacking square per battle; a defending square may be attacked again by other squares.',
  ),
  // V-EX
  v(
    'ex-spi',
    'exchange',
    'K16, CRT',
    true,
    "EX: the defender is eliminated; the attacker removes ground units with printed CF at least the defender's printed CF (all if less). Default: the JSON crt_note.",
  ),
  v(
    'ex-spi-doubled',
    'exchange',
    'K16, CRT',
    false,
    "EX as ex-spi, against the defender's doubled (terrain) CF.",
  ),
  v(
    'ex-one-unit',
    'exchange',
    'K16',
    false,
    'EX: the defender is eliminated and the attacker loses one ground unit of its choice ("remove the ground unit").',
  ),
  v('ex-both', 'exchange', 'K16', false, "EX: both stacks' ground units are eliminated."),
  // V-CA
  v(
    'ca-same-table-one-stack',
    'ca',
    'K10.13',
    true,
    'CA: the defending stack attacks one attacking square (its choice) on the same table, fresh odds, no Luftwaffe; a CA in the counter-attack is NE. Default: the JSON crt_note.',
  ),
  v(
    'ca-limited-table',
    'ca',
    'K10.13',
    false,
    'CA: the counter-attack always uses the limited table; a CA in it is NE.',
  ),
  v(
    'ca-chain',
    'ca',
    'K10.13',
    false,
    'CA: same table; a CA in a counter-attack triggers another CA, at most 3 deep (the 3rd is NE).',
  ),
  // V-RETPRI
  v(
    'road-then-away',
    'retreat-priority',
    'K10.12',
    true,
    'Retreat squares: first those nearer a road and farther from the attackers than the square left, then nearer a road, then farther from the attackers, then any legal (default: the text names the road first).',
  ),
  v(
    'away-then-road',
    'retreat-priority',
    'K10.12',
    false,
    'Retreat squares: first farther from the attackers and nearer a road, then farther from the attackers, then nearer a road, then any legal.',
  ),
  v(
    'owner-free',
    'retreat-priority',
    'K10.12',
    false,
    'Any legal retreat square ("the defender moves retreating units").',
  ),
  // V-ZOC
  v(
    'zoc-any-shared',
    'zoc',
    'K9',
    true,
    'ZOC to ZOC is forbidden when any enemy square controls both squares; a stack counts as one controller (default: the strict reading).',
  ),
  v(
    'zoc-new-controller',
    'zoc',
    'K9',
    false,
    'ZOC to ZOC is allowed when the destination is controlled by an enemy square that does not control the origin.',
  ),
  // V-ROAD
  v(
    'road-square',
    'road',
    'K12.1, K12.3',
    true,
    'Every road square entered costs 1/3 MF, also the first one entered from off the road; default because the K12.3 example requires it (tests E2).',
  ),
  v(
    'road-connected',
    'road',
    'K12.1',
    false,
    'Only road to adjacent road costs 1/3; the first road square pays its terrain. Contradicts the K12.3 example; kept for sensitivity.',
  ),
  // V-SEA
  v(
    'sea-drowns',
    'scatter-sea',
    'K15.4, K10.14',
    true,
    'A para scattered into the sea or off the board is eliminated (scores for the British only if drowned-scores is yes). Default: the sea is impassable (K10.14).',
  ),
  v(
    'sea-stays',
    'scatter-sea',
    'K15.4',
    false,
    'A scatter into the sea or off the board lands on the intended square.',
  ),
  v(
    'sea-reroll',
    'scatter-sea',
    'K15.4',
    false,
    'A scatter into the sea or off the board rolls the direction again.',
  ),
  // V-OVER
  v(
    'overstack-displace',
    'scatter-stack',
    'K11.1, K15.2',
    true,
    'A para scattered onto 3 friendly units is placed by the German on the nearest legal square (default: keeps K11.1 without a loss the text does not name).',
  ),
  v(
    'overstack-eliminated',
    'scatter-stack',
    'K11.1',
    false,
    'A para scattered onto 3 friendly units is eliminated.',
  ),
  v(
    'overstack-stays',
    'scatter-stack',
    'K15.2',
    false,
    'A para scattered onto 3 friendly units lands on the intended square if it has room, else on the nearest legal square.',
  ),
  // V-SCATATK
  v(
    'scatter-attack-at-once',
    'scatter-attack',
    'K15.5',
    true,
    'A para scattered onto an enemy attacks at once, alone, in drop order ("immediately").',
  ),
  v(
    'scatter-attack-together',
    'scatter-attack',
    'K15.5',
    false,
    "After all of the turn's drops, paras scattered onto the same enemy square attack it together (all-out, no air).",
  ),
  // V-DECLARE
  v(
    'declare-all-then-roll',
    'declare',
    'K15.3',
    true,
    'All drop squares of the turn are chosen before any scatter roll (default: the usual written-orders reading of K6.1).',
  ),
  v(
    'declare-sequential',
    'declare',
    'K15.3',
    false,
    "Each para's scatter is rolled right after its square is chosen.",
  ),
  // V-LANDCA
  v(
    'landed-no-counterattack',
    'landed-ca',
    'K15.6, K10.13',
    true,
    'A para landed this turn cannot counter-attack on a CA: it retreats or is destroyed (default: K15.6 "nor may they attack").',
  ),
  v(
    'landed-may-counterattack',
    'landed-ca',
    'K15.6, K10.13',
    false,
    'A para landed this turn may counter-attack on a CA.',
  ),
  // V-LANDSTACK
  v(
    'stack-attacks-without-landed',
    'landed-stack',
    'K15.6, K10.10',
    true,
    'A stack with units landed this turn attacks without them (their CF excluded; they share no losses).',
  ),
  v(
    'stack-cannot-attack',
    'landed-stack',
    'K10.10',
    false,
    'A stack holding a unit landed this turn cannot attack (K10.10: all units of a square fight together).',
  ),
  // V-CAPTURE
  v(
    'airfield-empty-of-british',
    'mtn-airfield',
    'K17',
    true,
    'Mountain troops land on any airfield with no British unit on it, even on turn 1 (default: the K17 wording "any time there are no British units on an airfield").',
  ),
  v(
    'airfield-german-occupied',
    'mtn-airfield',
    'K7 Step 1',
    false,
    'Mountain troops land only on an airfield a German unit stands on ("a captured airfield").',
  ),
  v(
    'airfield-cleared',
    'mtn-airfield',
    'K17',
    false,
    'Mountain troops land only on an airfield with no British unit that British units held earlier or Germans have entered ("as soon as British units have been cleared").',
  ),
  // V-MTNCAP
  v(
    'mtn-3-minus-present-once',
    'mtn-cap',
    'K17',
    true,
    'One landing per airfield per turn, of up to 3 minus the German units on the airfield (default: the sentence read as a per-turn count).',
  ),
  v(
    'mtn-stack-only',
    'mtn-cap',
    'K17',
    false,
    'The cap is only the stack limit: after German movement further waves land into the room made on each airfield, each wave moving (K17) before the next, until no room is made or the 12 battalions are down (can exceed 3 per airfield per turn).',
  ),
  // K15.5, K10.12: the rules do not say what becomes of a scattered para whose forced attack leaves
  // the enemy on the square; each reading is a variant of group scatter-fail
  v(
    'scatter-fail-retreats',
    'scatter-fail',
    'K15.5, K10.12',
    true,
    'A scattered para whose forced attack does not clear the square retreats from it as a unit does after DR, and is destroyed if it cannot (default: the reconstruction that plays the combat rules as they stand).',
  ),
  v(
    'scatter-fail-destroyed',
    'scatter-fail',
    'K15.5',
    false,
    'A scattered para whose forced attack does not clear the square is destroyed: it came down among the enemy and has no square of its own.',
  ),
  // V-EXITOFF
  v(
    'x-retreat-safe',
    'exit-off',
    'K10.14, K14',
    true,
    'A retreat may end on an X square but never leaves the board (default: K10.14 only exempts X squares from destruction).',
  ),
  v(
    'x-retreat-transits',
    'exit-off',
    'K10.14, K14',
    false,
    "A unit on an X square may retreat off it: it goes into transit and enters the adjacent board in its side's next movement segment (K14 Step 2).",
  ),
];

export const variants: readonly VariantDef[] = listed.map((x) =>
  ACTS_WHEN[x.id] === undefined ? x : { ...x, actsWhen: ACTS_WHEN[x.id]! },
);

/** The reading chosen in `group` (the one switched on). */
export function reading(on: ReadonlySet<string>, group: string): string {
  for (const x of variants) if (x.group === group && on.has(x.id)) return x.id;
  return variants.find((x) => x.group === group && x.default)!.id;
}
