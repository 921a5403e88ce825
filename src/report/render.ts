import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Spec } from './charts.js';

/** Thrown when vega or vega-lite warns: a chart that renders with warnings is a broken chart. */
export class ChartWarning extends Error {}

/**
 * Renames every id an SVG defines (vega numbers gradients and clips with a process-wide counter) to
 * `<prefix>-<n>` in order of appearance, with its url(#...) and href references: the SVG then
 * depends only on the spec, and several SVGs can share one HTML page without clashing ids.
 */
export function stableIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g))
    if (!ids.has(m[1]!)) ids.set(m[1]!, `${prefix}-${ids.size}`);
  if (ids.size === 0) return svg;
  return svg
    .replace(/(\sid=")([^"]+)(")/g, (all, a: string, id: string, b: string) =>
      ids.has(id) ? `${a}${ids.get(id)}${b}` : all,
    )
    .replace(/url\(#([^)]+)\)/g, (all, id: string) => (ids.has(id) ? `url(#${ids.get(id)})` : all))
    .replace(/href="#([^"]+)"/g, (all, id: string) => (ids.has(id) ? `href="#${ids.get(id)}"` : all));
}

/**
 * Gives every drawn mark item that carries an aria-label (vega-lite's `description` channel, or the
 * description it derives from the tooltip) a <title> with the same text, so that hovering a hex, a
 * zone, a point or a bar of the static SVG shows it. Vega escapes '<', '>' and '"' in attributes,
 * so the label is already safe as element text.
 */
export function hoverTitles(svg: string): string {
  return svg.replace(
    /<([a-z]+)(\s(?:[^>]*?\s)?aria-label="([^"]*)"[^>]*?)(\/?)>/g,
    (all, tag: string, attrs: string, label: string, selfClosing: string) => {
      // items only: a group (a title, a legend) is labelled for screen readers, not for hovering
      if (tag === 'g' || !attrs.includes('role="graphics-symbol"')) return all;
      return selfClosing === '/'
        ? `<${tag}${attrs}><title>${label}</title></${tag}>`
        : `<${tag}${attrs}><title>${label}</title>`;
    },
  );
}

/**
 * Renders a vega-lite spec to SVG headlessly (vega's View with renderer 'none'), collecting every
 * warning vega-lite or vega emits; `strict` turns them into an error. Mark items get hover titles
 * (hoverTitles) and ids stable per chart (stableIds).
 */
export async function renderSvg(
  spec: Spec,
  idPrefix = 'chart',
  strict = false,
): Promise<{ svg: string; warnings: string[] }> {
  const warnings: string[] = [];
  const logger = {
    level(_?: number) {
      return logger;
    },
    error: (...a: unknown[]) => {
      warnings.push(`error: ${a.map(String).join(' ')}`);
      return logger;
    },
    warn: (...a: unknown[]) => {
      warnings.push(a.map(String).join(' '));
      return logger;
    },
    info: () => logger,
    debug: () => logger,
  };
  const vg = compile(spec as never, { logger: logger as never }).spec;
  const view = new vega.View(vega.parse(vg), {
    renderer: 'none',
    logger: logger as never,
    logLevel: vega.Warn,
  });
  const svg = hoverTitles(stableIds(await view.toSVG(), idPrefix));
  view.finalize();
  if (strict && warnings.length > 0) throw new ChartWarning(warnings.join('; '));
  return { svg, warnings };
}
