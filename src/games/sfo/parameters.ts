/**
 * The values the SFO rules do not fix (docs/architecture.md "Variants and parameters"): the reconstructed forests, US set-up
 * and map size, and the Expert random events tables, pioneer factors and VP levels, each with its
 * provenance; and the events table built from the cell counts.
 */
import { UserError } from '../../core/errors.js';
import type { ParameterDef } from '../../core/game.js';
import { sfoData } from './data.js';
import type { EventCell } from './state.js';

const EV = sfoData.expert.events;

/** The Expert scenarios (SFO 11-13): the only ones random events, pioneers and VP levels affect. */
export const EXPERT_SCENARIOS = [
  'expert-standard',
  'expert-engagement',
  'expert-us-counter-offensive',
] as const;

function eventCountParam(side: 'soviet' | 'us', cell: string, id: string, what: string): ParameterDef {
  return {
    id,
    kind: 'integer',
    min: 0,
    max: 12,
    default: EV[side][cell] ?? 0,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description: `Expert: cells of the ${side === 'soviet' ? 'Soviet' : 'US'} random events table holding ${what} (the rest of the 12 are As planned).`,
    source: EV.source,
  };
}

/** Event cell kinds and their count parameters, in the canonical order the table is laid out. */
export const EVENT_PARAMS: readonly {
  readonly side: 'soviet' | 'us';
  readonly cell: string;
  readonly id: string;
}[] = [
  { side: 'us', cell: 'reinforce:WG-V', id: 'us-events-pioneer' },
  { side: 'soviet', cell: 'air', id: 'soviet-events-air' },
  { side: 'soviet', cell: 'artillery', id: 'soviet-events-artillery' },
  { side: 'soviet', cell: 'friction', id: 'soviet-events-snafu' },
  { side: 'soviet', cell: 'spetsnaz', id: 'soviet-events-spetsnaz' },
  { side: 'soviet', cell: 'replacement', id: 'soviet-events-replacement' },
  { side: 'soviet', cell: 'reinforce:ZH', id: 'soviet-events-infantry' },
  { side: 'soviet', cell: 'reinforce:ZE', id: 'soviet-events-tank' },
  { side: 'us', cell: 'air', id: 'us-events-air' },
  { side: 'us', cell: 'artillery', id: 'us-events-artillery' },
  { side: 'us', cell: 'friction', id: 'us-events-command' },
  { side: 'us', cell: 'replacement', id: 'us-events-replacement' },
  { side: 'us', cell: 'reinforce:T', id: 'us-events-armour' },
];

const EVENT_WHAT: Readonly<Record<string, string>> = {
  'reinforce:WG-V': 'the West German V pioneer reinforcement (sourced: row 2 of both columns)',
  air: 'Air support (+2)',
  artillery: 'Artillery support (+1)',
  friction: 'Enemy SNAFU / Command problems',
  spetsnaz: 'Spetsnaz (lower of two dice)',
  replacement: 'a Replacement',
  'reinforce:ZH': 'the Ж infantry reinforcement',
  'reinforce:ZE': 'the З tank reinforcement',
  'reinforce:T': 'the US armour reinforcement',
};

export const parameters: readonly ParameterDef[] = [
  {
    id: 'forests',
    kind: 'locationList',
    length: 2,
    default: sfoData.forests.unknownDefault,
    provenance: 'reconstructed',
    description: 'The two forest hexes the rules do not locate (0307, 0506 and 0603 are fixed by the rules).',
    source: sfoData.forests.source,
  },
  {
    id: 'us-setup',
    kind: 'locationList',
    length: 4,
    default: sfoData.usSetup.default,
    provenance: 'reconstructed',
    description: 'US set-up hexes of W, X, Y, Z (SFO 3.1; the OCR is garbled).',
    source: sfoData.usSetup.source,
  },
  {
    id: 'map-hexes',
    kind: 'choice',
    choices: ['68', '72'],
    default: String(sfoData.grid.defaultHexCount),
    provenance: 'reconstructed',
    description: 'Board size: 68 hexes (even columns lack row 08) or the full 9x8 = 72.',
    source: sfoData.grid.source,
  },
  {
    id: 'pioneer-factors',
    kind: 'choice',
    choices: ['1-2-4', '2-1-4'],
    default: '1-2-4',
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description:
      'Expert: factors of the West German V pioneer (the OCR reads 1-2-4 in Fig. 3 and 2-1-4 elsewhere). Advanced V stays 1-1-4.',
    source: 'SFO 3.2, Fig. 3; NOTES §3 (low confidence)',
  },
  ...EVENT_PARAMS.map((e) => eventCountParam(e.side, e.cell, e.id, EVENT_WHAT[e.cell]!)),
  {
    id: 'vp-marginal',
    kind: 'integer',
    min: 1,
    max: 20,
    default: sfoData.expert.vp.marginal,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description:
      'Expert: smallest VP difference that is a marginal victory (1 up to it is tactical; 0 is a draw).',
    source: sfoData.expert.vp.source,
  },
  {
    id: 'vp-decisive',
    kind: 'integer',
    min: 1,
    max: 30,
    default: sfoData.expert.vp.decisive,
    provenance: 'reconstructed',
    scenarios: EXPERT_SCENARIOS,
    description: 'Expert: smallest VP difference that is a decisive victory.',
    source: sfoData.expert.vp.source,
  },
];

/** SFO 7.1: a faction's 12-cell events table (left column rows 1-6, then right) from the cell counts. */
export function buildEventTable(
  side: 'soviet' | 'us',
  counts: Readonly<Record<string, number>>,
): EventCell[] {
  const cells: EventCell[] = new Array<EventCell>(12).fill('planned');
  const free = new Array<boolean>(12).fill(true);
  let total = 0;
  for (const e of EVENT_PARAMS) {
    if (e.side !== side) continue;
    const n = counts[e.cell] ?? 0;
    total += n;
    if (total > 12) {
      const ids = EVENT_PARAMS.filter((x) => x.side === side).map((x) => x.id);
      throw new UserError(
        `parameters ${ids.join(', ')}: ${side} events need ${total}+ cells, the table has 12`,
      );
    }
    // The US V is sourced on row 2 of both columns: its cells go there first.
    const preferred = e.cell === 'reinforce:WG-V' ? [1, 7] : [];
    for (let k = 0; k < n; k++) {
      let at = preferred.find((i) => free[i]);
      if (at === undefined) at = free.indexOf(true);
      free[at] = false;
      cells[at] = e.cell as EventCell;
    }
  }
  return cells;
}
