/**
 * Every variant acts or says when it cannot: for each variant of every game, a game (scenario x
 * policy pairing x seed, bounded in games) whose record changes when the variant is switched from
 * the defaults, unless the variant declares the condition under which it can act
 * (VariantDef.actsWhen, which `list` and the report print). A variant whose only alternatives
 * declare one is covered by their declaration.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { findWitness } from './helpers/variant-activity.js';

/** Seeds searched per scenario and pairing (each seed plays every scenario under each pairing). */
const SEEDS: Readonly<Record<string, number>> = { sfo: 40, scs: 30, crete: 40, merkur: 25, dc: 12 };

describe('every variant acts or declares actsWhen', () => {
  for (const def of GAMES) {
    it(`${def.id}: switching each variant changes some game's record`, () => {
      const skip = new Set(def.variants.flatMap((v) => (v.actsWhen !== undefined ? [v.id] : [])));
      const inert: string[] = [];
      for (const v of def.variants) {
        if (skip.has(v.id)) continue;
        const alone =
          v.default &&
          v.group !== undefined &&
          def.variants.every((o) => o.group !== v.group || o.id === v.id || skip.has(o.id));
        if (alone) continue; // its alternatives all declare when they act
        if (findWitness(def, v, SEEDS[def.id] ?? 20, skip) === null) inert.push(v.id);
      }
      expect(inert, `${def.id} variants that never changed a record and declare no actsWhen`).toEqual([]);
    }, 1_800_000); // sized in games (SEEDS); the limit only stops a hung run on a loaded machine
  }
});
