import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rssHook = fileURLToPath(new URL('./rss-on-exit.js', import.meta.url));

/**
 * Runs `node <args>` as a whole process and returns its wall time and peak RSS, so
 * that the tool and its baseline are measured the same way, start-up included.
 */
export function runNode(args, { env } = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', rssHook, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    ...(env ? { env } : {}),
  });
  const ms = performance.now() - started;
  const rss = /peak-rss-kb (\d+)/.exec(result.stderr ?? '');
  if (result.status === null || !rss) {
    throw new Error(`node ${args.join(' ')} failed: ${result.stderr}`);
  }
  return { ms, peakRssMb: Number(rss[1]) / 1024, status: result.status };
}

/** The median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
