/**
 * The solitaire Commonwealth (Merkur 12.0-12.2): the EM draw, the fixed placements, the placement
 * procedure by priority order and d6 table, the solitaire forts, and the CW's answers to every
 * decision, played by the rules with the resolutions of docs/games/merkur.md "Solitaire" where the rules leave a choice.
 */
import type { ChanceNode } from '../../core/game.js';
import type { RulesDraw, TaskOf } from '../../core/kernel.js';
import { randInt } from '../../core/rng.js';
import { engineBombardTarget, occupiedCw } from './bombard.js';
import { d6Node, pickNode, roll } from './chance.js';
import { landingLeadDefender, onLandingCombat } from './combat.js';
import { strongestSupporter } from './command.js';
import { engineNavyLoss } from './convoy.js';
import { asksNothing, type MerkurDecision, type MerkurTaskKind } from './decisions.js';
import { engineLossAnswer, engineSecondDefender } from './losses.js';
import { MAP, zoneIndex } from './map.js';
import { SOLO_DRAWN_EMS, SOLO_FIXED } from './setup.js';
import { CW, type MerkurState, type Task } from './state.js';
import { attackOf, combatUnits, contested, countIn, leadOf, occupancy, room, unitsIn } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

const SECTOR_MAPS = ['ouest', 'centre', 'est'] as const;

/**
 * 12.0 (M-58): the EMs are shuffled (Fisher-Yates from the last: draw k picks among the first
 * SOLO_DRAWN_EMS.length - k), each draw a chance point; then `soloDraw` deals them out.
 */
function soloDrawStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'solo-draw'>,
): ChanceNode | null {
  while (task.picks.length < SOLO_DRAWN_EMS.length - 1) {
    const n = SOLO_DRAWN_EMS.length - task.picks.length;
    const p = roll(
      ws,
      'solitaire',
      n,
      () => pickNode('Merkur 12.0', 'EM drawn for a map', n),
      (k) => task.picks.push(k),
    );
    if (p !== null) return p;
  }
  s.stack.pop();
  soloDraw(s, task.picks);
  return null;
}

/** 12.0 (M-58): the draw of the EMs to the maps. */
export const soloDrawTask: MerkurTaskKind<'solo-draw'> = {
  step: soloDrawStep,
  outcome: (_s, _ws, task, _node, k) => {
    task.picks.push(k);
  },
  answer: asksNothing,
};

/**
 * 12.0 (M-58, V-SOLOMAP): the 5 EMs, shuffled by `picks` (the k-th swaps the last k-th place with
 * one of the places before it), go to maps 3/1/1; the 3-EM map is placed on turn 1.
 */
function soloDraw(s: MerkurState, picks: readonly number[]): void {
  const idx = new Map(s.units.map((u, i) => [u.id, i]));
  const ems = [...SOLO_DRAWN_EMS];
  for (let i = ems.length - 1, k = 0; i > 0; i--, k++) {
    const j = picks[k]!;
    [ems[i], ems[j]] = [ems[j]!, ems[i]!];
  }
  const three = s.rules.v['solo-east-3'] ? 'est' : 'ouest';
  const ones = three === 'est' ? ['centre', 'ouest'] : ['centre', 'est'];
  const maps = [three, three, three, ones[0]!, ones[1]!];
  const containers: Record<string, number[]> = { ouest: [], centre: [], est: [] };
  ems.forEach((id, k) => {
    const m = maps[k]!;
    s.solo.emMap[id] = m;
    const em = s.units[idx.get(id)!]!;
    containers[m]!.push(idx.get(id)!);
    s.units.forEach((u, i) => {
      if (u.side === CW && u.type !== 'em' && u.group === em.cmd && SOLO_FIXED[u.id] === undefined)
        containers[m]!.push(i);
    });
  });
  // 12.0 (M-59): fixed placements
  for (const [id, z] of Object.entries(SOLO_FIXED)) {
    const u = s.units[idx.get(id)!]!;
    u.zone = zoneIndex(z);
    u.status = 'map';
  }
  // V-SOLOORPHANS: units in no drawable brigade
  s.units.forEach((u, i) => {
    if (u.side !== CW || u.status === 'map' || SOLO_DRAWN_EMS.includes(u.id)) return;
    if (Object.values(containers).some((c) => c.includes(i))) return;
    if (s.rules.v['orphans-historical']) {
      u.zone = u.home;
      u.status = 'map';
    } else if (s.rules.v['orphans-to-container']) {
      const m = MAP.map[u.home]!;
      const target = m === 'strategique' ? three : m;
      containers[target]!.push(i);
    } else s.stats.cw_units_unplaced_solo++;
  });
  s.solo.containers = containers;
  s.solo.laterMaps = SECTOR_MAPS.filter((m) => m !== three);
}

/** 12.0 (E10): units drawn for a modified placement roll. */
export function placementCount(r: number): number {
  return r <= 3 ? 0 : r === 4 ? 1 : r === 5 ? 2 : 3;
}

/** 12.0: the placement modifier of a zone. */
export function placementModifier(z: number, historical: boolean): number {
  return (MAP.terrain[z] === 'montagne' ? -3 : -2) + (MAP.objective[z] ? 6 : 0) + (historical ? 2 : 0);
}

/** 12.0: the zones of `map`, how many CW units each held historically, the priority order and the zones repeated. */
function placementPlan(
  s: MerkurState,
  map: string,
  drops: readonly number[],
): { zones: number[]; homes: Map<number, number>; order: number[]; repeat: number[] } {
  const zones = MAP.ids.map((_, z) => z).filter((z) => MAP.map[z] === map);
  const homes = new Map<number, number>();
  for (const u of s.units)
    if (u.side === CW && u.home >= 0 && MAP.map[u.home] === map)
      homes.set(u.home, (homes.get(u.home) ?? 0) + 1);
  const order: number[] = [];
  const add = (z: number) => {
    if (!order.includes(z)) order.push(z);
  };
  for (const z of zones) if (MAP.objective[z]) add(z);
  for (const z of zones) if (homes.has(z)) add(z);
  for (const z of drops) if (MAP.map[z] === map) add(z);
  // "repeat the draw for zones which had more than one counter historically" (V-SOLOREPEAT)
  const repeat = zones.filter((z) => (homes.get(z) ?? 0) > 1);
  return { zones, homes, order, repeat };
}

/** V-SOLOOVERFLOW overflow-strategic: the strategic zone next to `map`. */
function strategicOf(map: string): number {
  return MAP.ids
    .map((_, z) => z)
    .find((z) => MAP.strategic[z] && MAP.adj[z]!.some((y) => MAP.map[y] === map))!;
}

/** The zone the placement task is drawing into, by stage. */
function placementZone(
  s: MerkurState,
  task: TaskOf<Task, 'solo-map'>,
  plan: ReturnType<typeof placementPlan>,
): number {
  if (task.stage === 0) return plan.order[task.zi]!;
  if (task.stage === 1) return plan.repeat[task.zi]!;
  return s.rules.v['overflow-all-zones'] ? plan.zones[task.zi]! : strategicOf(task.map);
}

/** The units of `container` that may be drawn into zone `z` (no two EMs in one zone: an EM drawn for such a zone is put back). */
function drawPool(s: MerkurState, container: readonly number[], z: number): readonly number[] {
  const hasEm = unitsIn(s, z, CW).some((i) => s.units[i]!.type === 'em');
  return hasEm ? container.filter((i) => s.units[i]!.type !== 'em') : container;
}

const PLACEMENT_DIE = d6Node('Merkur 12.0', 'solitaire placement die');

/**
 * Outcome `k` of the placement task's chance point: the zone's placement die (k + 1: the units to
 * draw, E10), or the index of the unit drawn from the zone's pool.
 */
function placementOutcome(s: MerkurState, task: TaskOf<Task, 'solo-map'>, k: number): void {
  const plan = placementPlan(s, task.map, task.drops);
  const z = placementZone(s, task, plan);
  if (task.n < 0) {
    const historical = task.stage === 1 || plan.homes.has(z);
    task.n = placementCount(k + 1 + placementModifier(z, historical));
    task.k = 0;
    return;
  }
  const container = s.solo.containers[task.map]!;
  const ui = drawPool(s, container, z)[k]!;
  container.splice(container.indexOf(ui), 1);
  s.units[ui]!.zone = z;
  s.units[ui]!.status = 'map';
  task.k++;
  task.placed++;
}

/**
 * 12.0 (M-61): the placement procedure for one map, zone by zone: each priority zone's die gives the
 * number of units drawn at random from the map's container into it; then the draws repeated for
 * zones that held several units historically (V-SOLOREPEAT), then what is left (V-SOLOOVERFLOW).
 * Every die and every unit drawn is a chance point (chance.ts).
 */
function soloMapStep(s: MerkurState, ws: MerkurWorkspace, task: TaskOf<Task, 'solo-map'>): ChanceNode | null {
  const container = s.solo.containers[task.map]!;
  const plan = placementPlan(s, task.map, task.drops);
  const apply = (k: number) => placementOutcome(s, task, k);
  for (;;) {
    if (task.n >= 0) {
      // the zone's draws: up to n units while the container has some and the zone has room
      const z = placementZone(s, task, plan);
      if (task.k < task.n && container.length > 0 && room(s, z, CW) > 0) {
        const n = drawPool(s, container, z).length;
        if (n > 0) {
          const p = roll(
            ws,
            'solitaire',
            n,
            () => pickNode('Merkur 12.0', 'unit drawn from the container', n),
            apply,
          );
          if (p !== null) return p;
          continue;
        }
      }
      task.n = -1;
      task.k = 0;
      task.zi++;
      continue;
    }
    if (task.stage === 0) {
      if (task.zi < plan.order.length && container.length > 0) {
        const p = roll(ws, 'solitaire', 'd6', () => PLACEMENT_DIE, apply);
        if (p !== null) return p;
        continue;
      }
      Object.assign(task, { stage: 1, zi: 0, pass: 0, placed: 0 });
      continue;
    }
    if (task.stage === 1) {
      if (task.pass < 20 && container.length > 0) {
        if (task.zi < plan.repeat.length && container.length > 0) {
          const p = roll(ws, 'solitaire', 'd6', () => PLACEMENT_DIE, apply);
          if (p !== null) return p;
          continue;
        }
        // the pass is over
        const stop =
          s.rules.v['repeat-once'] || (task.placed === 0 && plan.repeat.every((z) => room(s, z, CW) <= 0));
        if (!stop) {
          Object.assign(task, { pass: task.pass + 1, zi: 0, placed: 0 });
          continue;
        }
      }
      Object.assign(task, { stage: 2, zi: 0, pass: 0, placed: 0 });
      continue;
    }
    if (task.stage === 2 && container.length > 0) {
      if (s.rules.v['overflow-all-zones']) {
        if (task.zi >= plan.zones.length) Object.assign(task, { pass: task.pass + 1, zi: 0 });
        if (task.pass < 30) {
          const p = roll(ws, 'solitaire', 'd6', () => PLACEMENT_DIE, apply);
          if (p !== null) return p;
          continue;
        }
      } else if (s.rules.v['overflow-strategic']) {
        // one unit at a time into the strategic zone, no die
        task.n = 1;
        task.k = 0;
        continue;
      }
    }
    s.stats.cw_units_unplaced_solo += container.length;
    container.length = 0;
    s.stack.pop();
    return null;
  }
}

/** 12.0 (M-61): the placement procedure of one map. */
export const soloMapTask: MerkurTaskKind<'solo-map'> = {
  step: soloMapStep,
  outcome: (s, _ws, task, _node, k) => placementOutcome(s, task, k),
  answer: asksNothing,
};

/**
 * 12.1 (M-62, docs/games/merkur.md "Solitaire"): forts in each airfield zone and Prison Valley, two
 * more "as good sense would indicate" (`first`, turn 1): the zones with most CW units, objectives
 * first; under soloResidual random forts 5 and 6 go to two of the eligible zones drawn at random
 * (the draws so far in `picks`; a chance point for each).
 */
function soloFortsStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  first: boolean,
  picks: number[],
): ChanceNode | null {
  let placed = s.fort.reduce((a, b) => a + b, 0);
  const ok = (z: number) =>
    s.fort[z] === 0 && countIn(s, z, CW) > 0 && MAP.town[z] === 0 && !MAP.strategic[z];
  for (const z of [...MAP.airfields, zoneIndex('7')])
    if (placed < 6 && ok(z)) {
      s.fort[z] = 1;
      placed++;
    }
  if (!first) return null;
  const rest = MAP.ids
    .map((_, z) => z)
    .filter(ok)
    .sort(
      (a, b) =>
        countIn(s, b, CW) - countIn(s, a, CW) || Number(MAP.objective[b]) - Number(MAP.objective[a]) || a - b,
    );
  if (s.rules.soloResidual === 'random')
    for (let i = 0; i < Math.min(2, rest.length); i++) {
      if (picks.length <= i) {
        const n = rest.length - i;
        const p = roll(
          ws,
          'solitaire',
          n,
          () => pickNode('Merkur 12.1', 'zone of a fort', n),
          (k) => picks.push(k),
        );
        if (p !== null) return p;
      }
      const j = i + picks[i]!;
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
  for (const z of rest.slice(0, 2))
    if (placed < 6) {
      s.fort[z] = 1;
      placed++;
    }
  return null;
}

/** 12.0, 12.1, 8.4: once the maps due are placed, the forts and the pre-invasion bombardment. */
export const soloAfterTask: MerkurTaskKind<'solo-after'> = {
  step(s, ws, task) {
    if (s.turn === 1 || s.rules.v['forts-at-placement']) {
      const p = soloFortsStep(s, ws, s.turn === 1, task.picks);
      if (p !== null) return p;
    }
    s.stack.pop();
    if (s.turn === 1 || s.rules.v['bombard-each-placement']) {
      // 8.4: the bombardment runs before the landing tests
      const maps = task.maps;
      s.stack.push({
        t: 'preinvasion',
        zones: occupiedCw(s).filter((z) => maps.includes(MAP.map[z]!)),
        i: 0,
      });
    }
    if (s.turn === 2) s.solo.laterMaps = [];
    return null;
  },
  outcome: (_s, _ws, task, _node, k) => {
    task.picks.push(k);
  },
  answer: asksNothing,
};

/**
 * docs/games/merkur.md "Solitaire": the decisions that are choices the solitaire rules leave to the player (soloResidual
 * random draws them). The activations, orders and initiative stay with 12.2's priorities.
 */
const SOLO_RESIDUAL: ReadonlySet<string> = new Set([
  'lead-attacker',
  'lead-defender',
  'artillery-support',
  'loss-choice',
  'retreat-zone',
  'fort-sacrifice',
  'bomb-target',
  'second-defender',
  'maori-night',
]);

/** Least zone steps from `z` to an objective held or contested by the Germans (99 when none). */
function targetDistance(_s: MerkurState, z: number, g: Int8Array): number {
  let best = 99;
  for (const o of MAP.objectives) if (g[o]! > 0) best = Math.min(best, MAP.dist[z]![o]!);
  return best;
}

/**
 * 12.2 b: zone `y` is one the solitaire CW counter-attacks: German units in a contested or an
 * objective zone; under V counter-objective-only, an objective zone only.
 */
export function counterTarget(s: MerkurState, y: number, g: Int8Array, c: Int8Array): boolean {
  if (g[y]! <= 0) return false;
  if (MAP.objective[y]) return true;
  return c[y]! > 0 && !s.rules.v['counter-objective-only'];
}

/** The noise of 12.2 g's random tie-break: value v of randInt(0, 999) adds v / 10000 (below a German unit's tenth). */
export const NOISE_VALUES = 1000;

/** 12.2 g: the ranking key of a bombardment of a zone holding `germans` German units, with noise value `v`. */
export function bombardKey(germans: number, v: number): number {
  return 1 - germans / 10 + v / 10000;
}

/**
 * 12.2 g in explicit-chance mode: the exact distribution of the unit order the sampled rules pick
 * (soloChoose 'unit-order'), where option i ranks by `keys[i]` when `fixed[i]`, else by
 * bombardKey(germans[i], v) with v uniform in 0..999 drawn for each such option; the least key
 * wins, the earlier option on an equal key. The options that can win, each with its probability.
 */
export function tieBreakDraw(
  keys: readonly number[],
  germans: readonly number[],
  fixed: readonly boolean[],
): RulesDraw {
  const n = keys.length;
  // per noisy option, its keys over the noise values, sorted (for counting by binary search)
  const sorted: number[][] = [];
  for (let j = 0; j < n; j++) {
    if (fixed[j]) {
      sorted.push([]);
      continue;
    }
    const ks: number[] = [];
    for (let v = 0; v < NOISE_VALUES; v++) ks.push(bombardKey(germans[j]!, v));
    sorted.push(ks.sort((a, b) => a - b));
  }
  /** How many of the sorted keys `ks` are above `k` (or at least `k`, with `orEqual`). */
  const above = (ks: readonly number[], k: number, orEqual: boolean): number => {
    let lo = 0;
    let hi = ks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (orEqual ? ks[mid]! < k : ks[mid]! <= k) lo = mid + 1;
      else hi = mid;
    }
    return ks.length - lo;
  };
  /** P(option i wins | its key is k): every earlier option above k, every later one at least k. */
  const winsAt = (i: number, k: number): number => {
    let p = 1;
    for (let j = 0; j < n && p > 0; j++) {
      if (j === i) continue;
      if (fixed[j]) {
        if (j < i ? !(keys[j]! > k) : !(keys[j]! >= k)) p = 0;
      } else p *= above(sorted[j]!, k, j > i) / NOISE_VALUES;
    }
    return p;
  };
  const options: number[] = [];
  const probs: number[] = [];
  for (let i = 0; i < n; i++) {
    let p = 0;
    if (fixed[i]) p = winsAt(i, keys[i]!);
    else for (let v = 0; v < NOISE_VALUES; v++) p += winsAt(i, bombardKey(germans[i]!, v)) / NOISE_VALUES;
    if (p > 0) {
      options.push(i);
      probs.push(p);
    }
  }
  const total = probs.reduce((a, b) => a + b, 0);
  return {
    chance: {
      kind: 'chance',
      side: 'chance',
      rule: 'Merkur 12.2 g',
      what: 'bombardment target tie-break',
      outcomes: options.map((o, k) => ({ label: String(o), p: probs[k]! / total })),
    },
    options,
  };
}

/**
 * 12.2 (M-63) and docs/games/merkur.md "Solitaire": the option the rules choose for the solitaire CW. Ties go to the
 * first option in the engine's order (lowest zone, lowest unit), or at random where 12.2 says so
 * (EM bombardment targets, 12.2 g) and under soloResidual random: in sampled mode drawn from the
 * `solitaire` stream, in explicit-chance mode a chance point (RulesDraw) with the exact
 * distribution of that draw.
 */
export function soloAnswer(s: MerkurState, ws: MerkurWorkspace, d: MerkurDecision): number | RulesDraw {
  // a combat on landing's lead defender and supporter keep the engine's answer (5.2: they were no
  // choice before, so soloResidual 'random' leaves them as it found them)
  // 12.2 prescribes the retreat ("towards the nearest objective zone, or zones containing the
  // largest number of friendly units"): a unit's retreat zone is never drawn; an EM's 2.4 choice to
  // follow its last unit is
  const prescribed = d.kind === 'retreat-zone' && d.options.some((o) => o.em !== true);
  if (s.rules.soloResidual === 'random' && SOLO_RESIDUAL.has(d.kind) && !prescribed && !onLandingCombat(s)) {
    const n = d.options.length;
    if (!ws.explicitChance) return randInt(ws.streams.stream('solitaire'), 0, n - 1);
    return {
      chance: pickNode('Merkur 12.2', `the solitaire answer to ${d.kind}, at random`, n),
      options: d.options.map((_o, i) => i),
    };
  }
  // the choices of a combat's losses, support and targets need no occupancy
  switch (d.kind) {
    case 'fort-sacrifice':
    case 'retreat-zone':
    case 'loss-choice':
      // docs/games/merkur.md "Solitaire": fort only against elimination; retreat toward the nearest objective, then the
      // most CW units; in an objective or contested zone halve the lowest defence, else all retreat
      return engineLossAnswer(s, d);
    case 'rn-losses': {
      // V rn-cw: the CW sinks the strongest first
      const lost = engineNavyLoss(
        s,
        d.options.map((o) => o.unit),
        false,
      );
      return d.options.findIndex((o) => o.unit === lost);
    }
    case 'bomb-target':
      // docs/games/merkur.md "Solitaire": the highest defence (V-LEADDEF), full strength first
      return d.options.findIndex(
        (o) =>
          o.unit ===
          engineBombardTarget(
            s,
            d.options.map((x) => x.unit),
          ),
      );
    case 'second-defender':
      // 8.3 (12.2 is silent): the engine's second defender, the highest defence, full strength first
      return d.options.findIndex(
        (o) =>
          o.unit ===
          engineSecondDefender(
            s,
            d.options.map((x) => x.unit),
          ),
      );
    case 'artillery-support':
      // docs/games/merkur.md "Solitaire": the strongest eligible CW EM supports every CW assault and defence it can reach
      return d.options.findIndex(
        (o) =>
          o.unit ===
          strongestSupporter(
            s,
            d.options.map((x) => x.unit).filter((i) => i >= 0),
          ),
      );
  }
  const { g, c } = occupancy(s, ws.occ);
  switch (d.kind) {
    case 'activation': {
      // combat activations first (12.2 b, f), then movement toward German-held objectives
      let best = -1;
      let bestKey = Number.POSITIVE_INFINITY;
      d.options.forEach((o, i) => {
        // docs/games/merkur.md "Solitaire" soloInitiative 'simple' uses the initiative for re-rolls only, never to re-activate (3.1 c)
        if (o.type !== 'activate' || o.initiative) return;
        const z = o.zone;
        if (o.mode === 'combat') {
          // 12.2 b: "counter-attack Germans in a contested or objective zone" (V counter-objective-only:
          // fire only into objective zones held or contested by the Germans)
          const useful =
            (contested(s, z) && combatUnits(s, unitsIn(s, z, CW)).length >= 3) ||
            MAP.adj[z]!.some((y) => counterTarget(s, y, g, c));
          if (!useful && !unitsIn(s, z, CW).some((u) => s.units[u]!.type === 'em')) return;
          const key = -1000 + z;
          if (key < bestKey) {
            bestKey = key;
            best = i;
          }
        } else {
          // 12.2 d: units in an objective or contested zone never move
          if (MAP.objective[z] || (g[z]! > 0 && c[z]! > 0)) return;
          const dist = targetDistance(s, z, g);
          if (dist >= 99) return;
          const key = dist * 100 - c[z]! + z / 1000;
          if (key < bestKey) {
            bestKey = key;
            best = i;
          }
        }
      });
      if (best >= 0) return best;
      return d.options.findIndex((o) => o.type === 'end-activations');
    }
    case 'unit-order': {
      const u = s.units[d.options[0]!.unit]!;
      const z = u.zone;
      let pick = 0;
      let pickKey = Number.POSITIVE_INFINITY;
      const ownCombat = combatUnits(s, unitsIn(s, z, CW)).length;
      // 12.2 g: a bombardment ranks by the Germans in its target, ties at random: noise drawn per
      // bombardment in option order (sampled mode); explicit-chance mode keeps each option's key
      // and draws the winner exactly (tieBreakDraw)
      const explicit = ws.explicitChance;
      const r = explicit ? undefined : ws.streams.stream('solitaire');
      const keys: number[] = [];
      const germans: number[] = [];
      const fixed: boolean[] = [];
      let noisy = false;
      d.options.forEach((o, i) => {
        let key = Number.POSITIVE_INFINITY;
        // an option left out below keeps key infinity (option 0 is the answer when every one is)
        keys.push(key);
        fixed.push(true);
        germans.push(0);
        if (o.type === 'assault' && ownCombat >= 3)
          key = 0; // 12.2 c
        else if (o.type === 'bombard') {
          germans[i] = g[o.to]!;
          noisy = true;
          if (explicit) {
            fixed[i] = false;
            return;
          }
          key = bombardKey(g[o.to]!, randInt(r!, 0, NOISE_VALUES - 1)); // 12.2 g: most Germans, ties at random
        } else if (o.type === 'fire' && MAP.objective[o.to]) key = 2 - g[o.to]! / 10;
        // 12.2 b: a contested zone is a counter-attack target too, after the objectives (12.2 f)
        else if (o.type === 'fire' && counterTarget(s, o.to, g, c)) key = 3 - g[o.to]! / 10;
        else if (o.type === 'move') {
          if (MAP.objective[z] || (g[z]! > 0 && c[z]! > 0)) return; // 12.2 d
          const entering = g[o.to]! > 0 && c[o.to]! === 0;
          if (entering && s.rules.v['enter-only-with-3'] && combatUnits(s, unitsIn(s, z, CW)).length < 3)
            return;
          const dist = targetDistance(s, o.to, g);
          if (dist >= 99) return;
          key = 10 + dist - c[o.to]! / 100;
        } else if (o.type === 'stay') key = 50;
        keys[i] = key;
        if (key < pickKey) {
          pickKey = key;
          pick = i;
        }
      });
      if (explicit && noisy) return tieBreakDraw(keys, germans, fixed);
      return pick;
    }
    case 'maori-night': {
      // docs/games/merkur.md "Solitaire": attack the adjacent or co-located German unit with the lowest defence
      let pick = d.options.findIndex((o) => o.type === 'no-maori');
      let low = 99;
      d.options.forEach((o, i) => {
        if (o.type !== 'maori') return;
        const dv = s.units[o.target]!.d;
        if (dv < low) {
          low = dv;
          pick = i;
        }
      });
      return pick;
    }
    case 'initiative': {
      // 5.2: a combat on landing is not re-rolled (the engine's rule before it was offered)
      if (s.rules.soloInitiative === 'never' || onLandingCombat(s))
        return d.options.findIndex((o) => o.type === 'keep');
      // simple: re-roll a movement roll of 0, a passing RN test, an unfavourable combat
      const top = s.stack[s.stack.length - 1];
      const wanted = top?.t !== 'cw-roll' || top.rolled === 0;
      const rr = d.options.findIndex((o) => o.type === 'reroll');
      return rr >= 0 && wanted ? rr : d.options.findIndex((o) => o.type === 'keep');
    }
    case 'lead-attacker': {
      // docs/games/merkur.md "Solitaire": the highest attack leads, full strength first (units.ts leadOf)
      const lead = leadOf(
        s,
        d.options.map((o) => o.unit),
        (i) => attackOf(s, s.units[i]!),
      );
      return d.options.findIndex((o) => o.unit === lead);
    }
    case 'lead-defender': {
      // 5.2: in a combat on landing the engine's lead defender (the highest defence, full strength first)
      if (onLandingCombat(s)) {
        const lead = landingLeadDefender(s);
        return d.options.findIndex((o) => o.unit === lead);
      }
      // docs/games/merkur.md "Solitaire": the highest defence leads
      let best = 0;
      d.options.forEach((o, i) => {
        if (s.units[o.unit]!.d > s.units[d.options[best]!.unit]!.d) best = i;
      });
      return best;
    }
    case 'fort':
    case 'landing-zone':
    case 'air-mission':
    case 'air-landing':
    case 'sea-landing':
    case 'preinvasion-target':
    case 'regroup':
    case 'setup-zone':
    case 'air-landing-unit':
    case 'glider-assign':
      return 0;
  }
}

/** soloAnswer in sampled mode (tools and tests): the index of the option the rules choose, drawn where they draw. */
export function soloChoose(s: MerkurState, ws: MerkurWorkspace, d: MerkurDecision): number {
  const a = soloAnswer(s, ws, d);
  if (typeof a !== 'number')
    throw new Error(`Merkur: the solitaire answer to ${d.kind} is drawn in explicit-chance mode`);
  return a;
}

/** 12.0: placement of the maps due now (turn 1: the 3-EM map; turn 2: the other two), then forts and 8.4. */
function soloPlace(s: MerkurState, drops: readonly number[]): void {
  const maps =
    s.turn === 1
      ? (['ouest', 'centre', 'est'].filter((m) => !s.solo.laterMaps.includes(m)) as string[])
      : s.solo.laterMaps.slice();
  s.stack.push({ t: 'solo-after', maps, picks: [] });
  for (let k = maps.length - 1; k >= 0; k--)
    s.stack.push({
      t: 'solo-map',
      map: maps[k]!,
      drops: drops.slice(),
      stage: 0,
      zi: 0,
      pass: 0,
      placed: 0,
      n: -1,
      k: 0,
    });
}

/** 12.0: the solitaire CW placement of the maps due now. */
export const soloPlaceTask: MerkurTaskKind<'solo-place'> = {
  step(s, _ws, task) {
    s.stack.pop();
    soloPlace(s, task.zones);
    return null;
  },
  answer: asksNothing,
};
