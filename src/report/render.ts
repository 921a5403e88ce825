import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Spec } from './charts.js';

/** Thrown when vega or vega-lite warns: a chart that renders with warnings is a broken chart. */
export class ChartWarning extends Error {}

/**
 * Renders a vega-lite spec to SVG headlessly (vega's View with renderer 'none'), collecting every
 * warning vega-lite or vega emits; `strict` turns them into an error.
 */
export async function renderSvg(spec: Spec, strict = false): Promise<{ svg: string; warnings: string[] }> {
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
  const view = new vega.View(vega.parse(vg), { renderer: 'none', logger: logger as never, logLevel: vega.Warn });
  const svg = await view.toSVG();
  view.finalize();
  if (strict && warnings.length > 0) throw new ChartWarning(warnings.join('; '));
  return { svg, warnings };
}
