/** One test of a made-up control: its status, and what InSpec says of it. */
export interface HdfTest {
  status: string;
  code_desc?: string;
  backtrace?: string[];
}

/** What a made-up HDF control differs in from the default one. */
export interface HdfControlOptions {
  id?: string;
  impact?: number;
  results?: HdfTest[];
  waiver?: Record<string, unknown>;
  nist?: string[];
}

/**
 * One control as InSpec's exec-json writes it (`inspec exec --reporter json`), trimmed
 * to the fields the reader reads and a few it does not.
 */
export function hdfControl(options: HdfControlOptions = {}): Record<string, unknown> {
  const id = options.id ?? 'V-1';
  return {
    id,
    title: `Title of ${id}`,
    desc: `What ${id} checks`,
    descriptions: [
      { label: 'default', data: `What ${id} checks` },
      { label: 'fix', data: `How to fix ${id}` },
    ],
    impact: options.impact ?? 0.5,
    refs: [],
    tags: { nist: options.nist ?? ['AC-6'], severity: 'medium' },
    code: 'control ...',
    source_location: { line: 1, ref: `controls/${id}.rb` },
    waiver_data: options.waiver ?? {},
    results: (options.results ?? [{ status: 'passed' }]).map((test, index) => ({
      code_desc: test.code_desc ?? `resource ${index + 1} of ${id} is expected to comply`,
      run_time: 0.001,
      start_time: '2025-03-02T10:00:00+00:00',
      ...test,
    })),
  };
}

/** A made-up profile of controls; `parent` names the overlay it is a layer of. */
export function hdfProfile(name: string, controls: unknown[], parent?: string): Record<string, unknown> {
  return {
    name,
    title: `The ${name} profile`,
    version: '1.0.0',
    ...(parent === undefined ? {} : { parent_profile: parent }),
    supports: [],
    attributes: [],
    groups: [],
    controls,
    status: 'loaded',
  };
}

/** A made-up HDF document of profiles, on the platform (and target) given. */
export function hdfDocument(
  profiles: unknown[],
  platform: { name?: string; target_id?: string } = { name: 'aws', target_id: 'prod-account' },
): Record<string, unknown> {
  return {
    platform: { release: '1.0', ...platform },
    profiles,
    statistics: { duration: 1.5 },
    version: '5.22.3',
  };
}
