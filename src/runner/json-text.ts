import { UserError } from '../core/errors.js';

/** Deepest nesting of arrays and objects a file of ours may have (experiments nest 4-5 deep). */
export const MAX_JSON_DEPTH = 32;

/** Where a JSON text stops being JSON: 1-based line and column, and what was expected there. */
export interface JsonSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a text against the JSON grammar (RFC 8259) and a nesting limit without building
 * anything, so a malformed file is named by line and column (JSON.parse does not always say where)
 * and a deeply nested one is refused before any recursive code sees it. Undefined when it is fine.
 */
export function jsonSyntaxError(text: string, maxDepth = MAX_JSON_DEPTH): JsonSyntaxError | undefined {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const shown = () => (i >= n ? 'the end of the file' : JSON.stringify(text.slice(i, i + 12)));
  const string = () => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) throw new Stop(i, 'a line break or control character inside a string (write it as \\n)');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Stop(i, 'a \\u escape needs four hex digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          throw new Stop(i, `an unknown escape ${JSON.stringify(`\\${e ?? ''}`)} inside a string`);
        }
        continue;
      }
      i++;
    }
    throw new Stop(n, 'a string that is never closed (a missing ")');
  };
  const value = (depth: number): void => {
    ws();
    if (i >= n) throw new Stop(i, 'a value was expected, but the file ends');
    const c = text[i]!;
    if (c === '{' || c === '[') {
      if (depth >= maxDepth) throw new Stop(i, `nested more than ${maxDepth} levels deep`);
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"')
            throw new Stop(i, `a property name in double quotes was expected, got ${shown()}`);
          string();
          ws();
          if (text[i] !== ':') throw new Stop(i, `":" was expected after the property name, got ${shown()}`);
          i++;
        }
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        throw new Stop(i, `"," or "${close}" was expected, got ${shown()}`);
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const num = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (num !== null) {
      i += num[0].length;
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    throw new Stop(i, `a value was expected, got ${shown()}`);
  };
  try {
    value(0);
    ws();
    if (i < n) throw new Stop(i, `the file goes on after its JSON value: ${shown()}`);
    return undefined;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    const before = text.slice(0, e.at);
    const line = before.split('\n').length;
    const column = e.at - before.lastIndexOf('\n');
    return { line, column, message: e.message };
  }
}

/**
 * Parses a JSON file's text, refusing malformed or too deeply nested text with one line naming
 * the file, the line and column, and what was expected there.
 */
export function parseJsonText(text: string, path: string, what: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const err = jsonSyntaxError(body);
  if (err !== undefined)
    throw new UserError(
      `${path}: not valid JSON (${what}) at line ${err.line}, column ${err.column}: ${err.message}`,
    );
  return JSON.parse(body);
}
