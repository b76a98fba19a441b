import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Options of scripts/generate-scans.js. */
export interface SeriesOptions {
  seed?: number;
  change?: number;
  dates?: boolean;
  /** The first scan's time (ms since the epoch, UTC); one scan a day from there. */
  start?: number;
  name?: (index: number) => string;
}

/** Writes a series of scans that check (see scripts/generate-scans.js); returns their paths, oldest first. */
export async function writeScans(dir: string, count: number, options: SeriesOptions = {}): Promise<string[]> {
  const module = (await import(pathToFileURL(resolve('scripts/generate-scans.js')).href)) as {
    writeScans(dir: string, count: number, options: SeriesOptions): string[];
  };
  return module.writeScans(dir, count, options);
}
