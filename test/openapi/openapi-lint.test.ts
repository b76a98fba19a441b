import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { printDocument, runProgram, tools, useFolder } from './api-tools.js';

const folder = useFolder();
let document: string;

beforeAll(async () => {
  document = await printDocument(folder());
}, 120_000);

/** Every `$ref` of a JSON value. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsOf(item),
  );
}

/** The value a local `$ref` (`#/components/…`) points at, by its JSON Pointer. */
function resolvePointer(root: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (value, token) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[token] : undefined,
      root,
    );
}

describe('the document cspm-report schema openapi prints, alone in its folder', () => {
  it('refers only within itself, and every reference resolves', () => {
    const parsed = JSON.parse(readFileSync(document, 'utf8')) as unknown;
    const refs = refsOf(parsed);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((ref) => !ref.startsWith('#/'))).toEqual([]);
    expect(refs.filter((ref) => resolvePointer(parsed, ref) === undefined)).toEqual([]);
  });

  it('passes redocly lint (recommended rules, redocly.yaml) without an error or a warning', async () => {
    const linted = await runProgram(tools.redocly, [
      'lint',
      document,
      '--config',
      resolve('redocly.yaml'),
      '--format',
      'json',
    ]);
    const report = JSON.parse(linted.stdout) as {
      totals: Record<string, number>;
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(report.problems.map(({ ruleId, severity, message }) => `${severity} ${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(linted.code, linted.stderr).toBe(0);
  }, 120_000);

  it('passes spectral lint (spectral:oas, .spectral.yaml) without any result', async () => {
    const linted = await runProgram(tools.spectral, [
      'lint',
      document,
      '--ruleset',
      resolve('.spectral.yaml'),
      '--format',
      'json',
      '--fail-severity',
      'hint',
      '--quiet',
    ]);
    const results = JSON.parse(linted.stdout || '[]') as { code: string; message: string; path: string[] }[];
    expect(results.map(({ code, message, path }) => `${code} at ${path.join('.')}: ${message}`)).toEqual([]);
    expect(linted.code, linted.stderr).toBe(0);
  }, 120_000);
});
