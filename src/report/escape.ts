// The one place text reaches HTML or Markdown. Every value interpolated into `html` or `md` is
// escaped unless it is already markup this module made (or markup marked `trusted`), so a
// description, arm id, manifest field or category read from a data file can never become a tag,
// an attribute, a link or a Markdown block, whatever it holds.

/** HTML text made by `html` (or vouched for with `trustedHtml`): inserted as is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Markdown made by `md` (or vouched for with `trustedMd`): inserted as is. */
export class Md {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element or a quoted attribute value: & < > " ' become entities. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * Markup this program produced itself and vouches for (an SVG vega rendered, whose text vega
 * escapes): never pass text that came from a file or a flag.
 */
export function trustedHtml(markup: string): Html {
  return new Html(markup);
}

function htmlValue(v: unknown): string {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(htmlValue).join('');
  if (v === undefined || v === null) return '';
  return escapeHtml(String(v));
}

/**
 * Tagged template for HTML: the literal parts are markup, every interpolated value is escaped
 * (arrays are joined, `Html` values are inserted as they are).
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += htmlValue(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/**
 * Text for Markdown: on one line (line breaks become spaces, so a value cannot start a heading,
 * list or table row), with every character Markdown or inline HTML could act on backslash-escaped
 * (CommonMark renders `\<` as a literal `<`, never as a tag; `&` is left alone, as an entity can
 * only ever spell text).
 */
export function escapeMarkdown(s: string): string {
  return s.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/[\\`*[\]<>|#]/g, (c) => `\\${c}`);
}

/** Markdown this program formatted itself (numbers, intervals): inserted as is. */
export function trustedMd(markdown: string): Md {
  return new Md(markdown);
}

function mdValue(v: unknown): string {
  if (v instanceof Md) return v.text;
  if (Array.isArray(v)) return v.map(mdValue).join('');
  if (v === undefined || v === null) return '';
  return escapeMarkdown(String(v));
}

/** Tagged template for one Markdown line: interpolated values are escaped unless `Md`. */
export function md(strings: TemplateStringsArray, ...values: unknown[]): Md {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += mdValue(values[i]) + strings[i + 1]!;
  return new Md(out);
}

/**
 * One line of the Markdown `md` writes, as HTML: backslash escapes become their character,
 * `**...**` becomes bold, and every other character is text (escaped). Nothing in the line can
 * produce any other tag.
 */
export function markdownInlineToHtml(line: string): Html {
  let out = '';
  let bold = false;
  let text = '';
  const flush = () => {
    out += escapeHtml(text);
    text = '';
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      text += line[++i]!;
    } else if (c === '*' && line[i + 1] === '*') {
      flush();
      out += bold ? '</b>' : '<b>';
      bold = !bold;
      i++;
    } else {
      text += c;
    }
  }
  flush();
  if (bold) out += '</b>';
  return new Html(out);
}

/** The cells of a Markdown table row `| a | b |`, split on unescaped pipes (each cell still Markdown). */
export function markdownCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (c === '\\' && i + 1 < row.length) {
      cell += c + row[++i]!;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell.trim());
  // The leading and trailing pipes leave an empty first and last cell.
  return cells.slice(1, -1);
}
