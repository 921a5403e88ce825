/** Most games per arm a run may ask for (memory decides what a machine can actually hold). */
export const MAX_GAMES = 100_000_000;
