import { describe, expect, it } from 'vitest';
import { shardOutputOf, type ShardRequest } from '../../../src/jobs/shard/shard-output.js';

/** `check --shard 1/2` with no output named: the partial result goes to standard output. */
const request: ShardRequest = { shard: '1/2', 'run-id': 'run-7', format: [], output: [], 'fail-on': 'error' };

/** The partial result's text, read to its end. */
async function read(body: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const line of body) all += line;
  return all;
}

describe('shardOutputOf: one shard of a run, for any caller', () => {
  it('writes the partial result as JSON, with the run id, sealed with the shard key of the environment', async () => {
    const unsealed = shardOutputOf('check', request, ['samples/aws-cis.json'], {}, [], {});
    expect(unsealed.output).toBe('-');
    const text = await read(unsealed.body);
    expect(text).toMatch(/^\{"cspmReportPartial":\d+,.*"shard":\{"index":1,"count":2\}/);
    expect(text.endsWith('"run":{"id":"run-7","from":"given"}}\n')).toBe(true);
    const sealed = shardOutputOf('check', request, ['samples/aws-cis.json'], {}, [], {
      CSPM_SHARD_KEY: 'k'.repeat(32),
    });
    expect(await read(sealed.body)).toMatch(/"run":\{"id":"run-7","from":"given"\},"mac":"[0-9a-f]{64}"\}\n$/);
  });

  it.each([
    {
      name: 'another format',
      given: { format: ['sarif'], output: ['a.sarif'] },
      message: /-f sarif come from cspm-report merge/,
    },
    {
      name: 'a file not named .json',
      given: { output: ['part.txt'] },
      message: /other outputs come from cspm-report merge/,
    },
    { name: 'two outputs', given: { output: ['a.json', 'b.json'] }, message: /writes one partial result as JSON/ },
    { name: 'a spec out of range', given: { shard: '3/2' }, message: /--shard/ },
  ])('refuses $name', ({ given, message }) => {
    expect(() => shardOutputOf('check', { ...request, ...given }, ['samples'], {}, [], {})).toThrow(message);
  });

  it('refuses to write the partial result over a file the run reads', () => {
    expect(() =>
      shardOutputOf('gate', { ...request, output: ['rules.json'] }, ['samples'], {}, ['rules.json'], {}),
    ).toThrow(/rules\.json/);
  });
});
