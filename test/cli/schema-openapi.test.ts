import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

describe('cspm-report schema openapi', () => {
  const published = readFileSync('schema/service.openapi.json', 'utf8');
  const dir = useTempDir();

  it('prints the service\'s OpenAPI 3.1 document as published', async () => {
    const result = await runInProcess(['schema', 'openapi']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(published));
    expect(JSON.parse(result.stdout)).toMatchObject({ openapi: '3.1.0' });
  });

  it('writes it to --output', async () => {
    const target = `${dir()}/service.openapi.json`;
    expect(await runInProcess(['schema', 'openapi', '-o', target])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual(JSON.parse(published));
  });
});
