export * from './decide.js';
export * from './dice.js';
export * from './errors.js';
export * from './game.js';
export * from './graph.js';
export * from './hex.js';
export * from './rng.js';
export * from './setup.js';
