/**
 * The file a game's fitted value of a position is kept in (`data/evaluate.json`): logistic
 * coefficients per family of positions (a scenario, a turn, a phase: the game's own key), one per
 * named feature, with the fitting script and the training games they came from (docs/statistics.md
 * "Value of a position"). Games whose value is a logistic over features share this shape.
 */
import { z } from 'zod';

export const fittedValueSchema = z.strictObject({
  $comment: z.string(),
  /** The script that wrote the file from training games (re-running it reproduces the file). */
  script: z.string(),
  trainSeed: z.number().int(),
  gamesPerArm: z.number().int().min(0),
  /** The pairings the training games were played under. */
  arms: z.array(z.string()),
  /** Positions fitted on. */
  positions: z.number().int().min(0),
  /** The features, in the order of each coefficient list. */
  features: z.array(z.string()),
  /** Coefficients per family key, one per feature. */
  coefficients: z.record(z.string(), z.array(z.number())),
});

export type FittedValueData = z.infer<typeof fittedValueSchema>;
