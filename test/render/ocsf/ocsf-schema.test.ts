import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocsfVersion } from '../../../src/model/ocsf-event.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';
import { eventsOf, ocsfText, schemaErrors } from './ocsf-support.js';

const tempDir = useTempDir();
const sources = 'test/fixtures/ocsf-schema';

function build(from: string = sources): string {
  const result = spawnSync(process.execPath, ['scripts/build-ocsf-schema.js', '--stdout', '--from', from], {
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

/** A copy of the vendored sources with one file changed. */
function sourcesWith(path: string, change: (json: Record<string, unknown>) => void): string {
  const folder = join(tempDir(), 'ocsf-schema');
  cpSync(sources, folder, { recursive: true });
  const json = JSON.parse(readFileSync(join(folder, path), 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(join(folder, path), JSON.stringify(json));
  return folder;
}

/** One event of the sample, to break. */
async function sampleEvent(): Promise<Record<string, Record<string, unknown>>> {
  return eventsOf(await ocsfText('samples/azure-csbp.json'))[0] as unknown as Record<string, Record<string, unknown>>;
}

describe('the OCSF Compliance Finding schema', () => {
  it('is checked in as the script builds it from the vendored OCSF sources', () => {
    expect(readFileSync('schema/ocsf-compliance-finding.schema.json', 'utf8')).toBe(build());
  });

  it('is built from the sources: a requirement changed there changes it', () => {
    const schema = JSON.parse(build()) as { $defs: { compliance: { required?: string[] } } };
    expect(schema.$defs.compliance.required).toBeUndefined();
    const changed = sourcesWith('objects/compliance.json', (json) => {
      (json['attributes'] as Record<string, { requirement: string }>)['status_id']!.requirement = 'required';
    });
    expect((JSON.parse(build(changed)) as typeof schema).$defs.compliance.required).toEqual(['status_id']);
  });

  it('targets OCSF 1.8.0, class 2003 in category 2, with the enums of the ids merged down the class chain', () => {
    const schema = JSON.parse(build()) as {
      title: string;
      required: string[];
      properties: Record<string, { enum?: unknown[] }>;
      $defs: Record<string, { properties: Record<string, { enum?: unknown[] }> }>;
    };
    expect(schema.title).toMatch(/^OCSF 1\.8\.0 Compliance Finding \(class_uid 2003\)/);
    expect(schema.properties['class_uid']!.enum).toEqual([2003]);
    expect(schema.properties['category_uid']!.enum).toEqual([2]);
    // base_event gives 0 and 99, finding 1 to 3: type_uid is class_uid × 100 + each.
    expect(schema.properties['activity_id']!.enum).toEqual([0, 1, 2, 3, 99]);
    expect(schema.properties['type_uid']!.enum).toEqual([200300, 200301, 200302, 200303, 200399]);
    expect(schema.$defs['compliance']!.properties['status_id']!.enum).toEqual([0, 1, 2, 3, 99]);
    expect(schema.required).toEqual([
      'activity_id',
      'category_uid',
      'class_uid',
      'cloud',
      'compliance',
      'finding_info',
      'metadata',
      'severity_id',
      'time',
      'type_uid',
    ]);
  });

  it('refuses an event that lost any required attribute, at the top or in an object', async () => {
    const event = await sampleEvent();
    expect(schemaErrors(event)).toBe('');
    const schema = JSON.parse(readFileSync('schema/ocsf-compliance-finding.schema.json', 'utf8')) as {
      required: string[];
    };
    for (const name of schema.required) {
      const broken: Record<string, unknown> = { ...event };
      delete broken[name];
      expect(schemaErrors(broken), name).toContain(`"missingProperty":"${name}"`);
    }
    for (const [object, name] of [
      ['cloud', 'provider'],
      ['finding_info', 'uid'],
      ['metadata', 'version'],
      ['metadata', 'product'],
    ] as const) {
      const inner: Record<string, unknown> = { ...event[object] };
      delete inner[name];
      expect(schemaErrors({ ...event, [object]: inner }), `${object}.${name}`).toContain(`"missingProperty":"${name}"`);
    }
  });

  it('refuses attributes OCSF does not define, an id out of its enum and a time that is no integer; unmapped takes anything', async () => {
    const event = await sampleEvent();
    expect(schemaErrors({ ...event, passed_resources: 1 })).toContain('additionalProperties');
    expect(schemaErrors({ ...event, compliance: { ...event['compliance'], colour: 'Gray' } })).toContain(
      'additionalProperties',
    );
    expect(schemaErrors({ ...event, compliance: { ...event['compliance'], status_id: 4 } })).toContain('enum');
    expect(schemaErrors({ ...event, type_uid: 200304 })).toContain('enum');
    expect(schemaErrors({ ...event, time: '2024-03-18T06:42:17Z' })).toContain('integer');
    expect(schemaErrors({ ...event, unmapped: { ...event['unmapped'], anything: { at: ['all'] } } })).toBe('');
  });

  it('is of the OCSF version the events state, and `cspm-report schema ocsf` prints it', async () => {
    expect((JSON.parse(readFileSync(`${sources}/version.json`, 'utf8')) as { version: string }).version).toBe(
      ocsfVersion,
    );
    const printed = await runInProcess(['schema', 'ocsf']);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(printed.stdout)).toEqual(
      JSON.parse(readFileSync('schema/ocsf-compliance-finding.schema.json', 'utf8')),
    );
  });
});
