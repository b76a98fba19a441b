import { createRequire } from 'node:module';

/**
 * Whether the optional SQL engine (@duckdb/node-api) is installed. Without it the tests
 * that need it skip with a line saying how to add it; under CI=true a missing engine
 * fails instead, so CI can never pass by skipping.
 */
export function hasQueryEngine(): boolean {
  try {
    createRequire(import.meta.url).resolve('@duckdb/node-api');
    return true;
  } catch {
    const line = '@duckdb/node-api not found: npm install @duckdb/node-api to run these tests';
    if (process.env['CI'] === 'true') throw new Error(`${line}; CI=true does not allow skipping`);
    console.warn(`skipped: ${line}`);
    return false;
  }
}
