/**
 * Every game of the toolkit, one line each (docs/architecture.md "Layers"): the list the composition roots (the CLI,
 * the worker, the bench) build their registry from. Stepped games get the generic search policies.
 */
import type { GameDefinition } from '../core/game.js';
import { createRegistry, type GameRegistry } from '../core/registry.js';
import { withSearchPolicies } from '../core/search-policies.js';
import { crete } from './crete/index.js';
import { dc } from './dc/index.js';
import { merkur } from './merkur/index.js';
import { scs } from './scs/index.js';
import { sfo } from './sfo/index.js';

export const GAMES: readonly GameDefinition[] = [
  withSearchPolicies(sfo),
  withSearchPolicies(scs),
  withSearchPolicies(crete),
  withSearchPolicies(merkur),
  withSearchPolicies(dc),
];

/** A registry of every game (a fresh one per call; registries hold no shared state). */
export function gameRegistry(): GameRegistry {
  return createRegistry(GAMES);
}
