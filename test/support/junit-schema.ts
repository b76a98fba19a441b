import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasProgram } from './system-program.js';

/**
 * The JUnit schema Jenkins' xUnit plugin validates with (junit-10.xsd), kept in the
 * fixtures with a note of its origin so that a clean clone can run the tests.
 */
export const junitSchemaFile = fileURLToPath(new URL('../fixtures/schemas/junit-10.xsd', import.meta.url));

/** Whether xmllint (libxml2-utils) is here; without it the schema tests skip, and fail under CI=true. */
export const hasXmllint = hasProgram('xmllint', 'libxml2-utils');

/** What xmllint says of `xml` against junit-10.xsd: an empty list when it is valid. */
export function junitSchemaErrors(xml: string, dir: string): string[] {
  const file = join(dir, 'junit.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', junitSchemaFile, file], { encoding: 'utf8' });
  const lines = result.stderr.split('\n').filter((line) => line !== '' && !line.endsWith(' validates'));
  if (result.status !== 0 && lines.length === 0) lines.push(`xmllint exited with ${String(result.status)}`);
  return lines;
}
