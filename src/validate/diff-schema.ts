import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';

/** Where the published schema of `diff`'s JSON result lives inside the package. */
export const diffSchemaUrl = new URL('schema/diff.schema.json', packageRoot);

/**
 * The published JSON Schema of the `diff` member of `cspm-report diff --format json`,
 * parsed. The tool writes that result rather than reading it, so nothing compiles it at
 * run time: it documents the structure for programs that read it, and a test holds the
 * real output to it.
 */
export function readDiffSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(diffSchemaUrl, 'utf8')) as Record<string, unknown>;
}
