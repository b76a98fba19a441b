import type { RenderOptions } from '../model/renderer.js';

/**
 * A counter of the rows a renderer has drawn of a document in `format`, told to
 * `options.onProgress` (nothing without it). `total` is left out where the renderer
 * does not know it beforehand.
 */
export function rowProgress(options: RenderOptions, format: string, total?: number): (rows: number) => void {
  const { onProgress } = options;
  if (onProgress === undefined) return () => undefined;
  return (rows) =>
    onProgress({
      phase: 'rendering',
      subject: format,
      done: total === undefined ? rows : Math.min(rows, total),
      unit: 'rows',
      ...(total === undefined ? {} : { total }),
    });
}
