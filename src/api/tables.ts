/**
 * A designer's own combat results tables from files (CSV or JSON, docs/combat-tables.md), and
 * their exact odds: the library face of `sandtable odds --table`.
 */
import { readFileSync, statSync } from 'node:fs';
import {
  battleColumn,
  type CombatTable,
  columnCounts,
  compareTables,
  diceCounts,
  oddsOfTable,
  parseCsvTable,
  parseJsonTable,
  type Situation,
  type TableDifference,
} from '../analysis/odds/combat-table.js';
import { UserError } from '../core/errors.js';
import type { OddsTable } from '../core/game.js';
import { parseJsonText } from '../runner/json-text.js';

export type { CombatTable, Situation, TableDifference };
export { battleColumn, columnCounts, compareTables, diceCounts, oddsOfTable, parseCsvTable, parseJsonTable };

/** A table file is at most this many bytes (a printed CRT is a few hundred). */
export const TABLE_FILE_BYTES = 1_000_000;

/**
 * Reads and checks a combat table file: `.json` as the JSON form, anything else as CSV. A missing,
 * huge or malformed file is one UserError naming the file (and the row and column of a bad cell).
 */
export function loadCombatTable(path: string): CombatTable {
  let text: string;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UserError(`${path}: is a directory, not a combat table`);
    if (st.size > TABLE_FILE_BYTES)
      throw new UserError(
        `${path}: ${st.size} bytes; a combat table file is at most ${TABLE_FILE_BYTES} bytes`,
      );
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(
      `${path}: cannot read combat table (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  return path.toLowerCase().endsWith('.json')
    ? parseJsonTable(parseJsonText(text, path, 'combat table'), path)
    : parseCsvTable(text, path);
}

/** The exact odds of the table in `path` in `situation` (every column when it names no battle). */
export function oddsOfTableFile(path: string, situation: Situation = {}): OddsTable {
  return oddsOfTable(loadCombatTable(path), situation);
}
