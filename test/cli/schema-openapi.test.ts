import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleOpenApi } from '../../src/validate/bundle-openapi.js';
import { readSchema } from '../../src/validate/schema-validators.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

describe('cspm-report schema openapi', () => {
  const file = JSON.parse(readFileSync('schema/service.openapi.json', 'utf8')) as Record<string, unknown>;
  const published = bundleOpenApi(file, { name: 'audit-report.schema.json', schema: readSchema() });
  const dir = useTempDir();

  it("prints the package's OpenAPI 3.1 document with the report schema's definitions under components", async () => {
    const result = await runInProcess(['schema', 'openapi']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const printed = JSON.parse(result.stdout) as {
      openapi: string;
      paths: unknown;
      components: { schemas: Record<string, unknown> };
    };
    expect(printed).toEqual(published);
    expect(printed.openapi).toBe('3.1.0');
    expect(printed.paths).toEqual(file['paths']);
    expect(printed.components.schemas['Category']).toMatchObject({
      properties: { Policies: { items: { $ref: '#/components/schemas/Policy' } } },
    });
    expect(result.stdout).not.toContain('audit-report.schema.json#');
  });

  it('writes it to --output', async () => {
    const target = `${dir()}/service.openapi.json`;
    expect(await runInProcess(['schema', 'openapi', '-o', target])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual(published);
  });
});
