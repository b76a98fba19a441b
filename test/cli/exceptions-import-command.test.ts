import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yamlModule } from '../../src/load/yaml/yaml-module.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The peers' own files, one of each format `--from` takes. */
const imports = [
  ['prowler-mutelist', 'test/fixtures/exception-imports/prowler-aws-mutelist.yaml'],
  ['trivy-ignore', 'test/fixtures/exception-imports/trivyignore-modernisation-platform.yaml'],
  ['inspec-waivers', 'test/fixtures/exception-imports/inspec-waivers.yaml'],
] as const;

/** The drafted file with each TODO filled in, as a person would: a policy, every account, a reason, people and days. */
function filledIn(text: string): string {
  const { exceptions } = yamlModule().parse(text) as { exceptions: Record<string, unknown>[] };
  const todo = (value: unknown): boolean => typeof value === 'string' && value.startsWith('TODO');
  for (const draft of exceptions) {
    if (todo(draft['policy'])) draft['policy'] = 'VMDiskEncryption';
    if ((draft['accounts'] as string[]).some(todo)) draft['accounts'] = ['*'];
    if (todo(draft['reason'])) draft['reason'] = 'Accepted while the team migrates.';
    // A peer's one-word justification ("Whimsy") is no sentence: the exceptions file asks for one.
    if (String(draft['reason']).split(' ').length < 3)
      draft['reason'] = `${String(draft['reason'])}, reviewed and accepted.`;
    if (todo(draft['owner'])) draft['owner'] = 'owner@example.com';
    if (todo(draft['approvedBy'])) draft['approvedBy'] = 'ciso@example.com';
    if (todo(draft['expires'])) draft['expires'] = '2027-03-31';
    // Approved some days before it expires, within the longest an exception may run.
    const expires = new Date(`${String(draft['expires'])}T00:00:00Z`).getTime();
    if (todo(draft['approved'])) draft['approved'] = new Date(expires - 30 * 86_400_000).toISOString().slice(0, 10);
  }
  return JSON.stringify({ exceptions }, null, 2);
}

describe('cspm-report exceptions import', () => {
  it.each(imports)('drafts --from %s to a file that is refused until its TODOs are filled in', async (from, file) => {
    const dir = tempDir();
    const out = join(dir, 'risks.yaml');
    const run = await runInProcess(['exceptions', 'import', '--from', from, file, '-o', out, '--no-config']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const text = readFileSync(out, 'utf8');
    const drafts = (yamlModule().parse(text) as { exceptions: unknown[] }).exceptions.length;
    expect(run.stderr).toMatch(
      new RegExp(
        `^wrote ${out}\\ncspm-report: warning: drafted ${drafts} exceptions? from ${file}; ${drafts} entr(y|ies) needs? filling in \\(each TODO\\): the file is refused until none is left\\n$`,
      ),
    );
    const refused = await runInProcess(['exceptions', 'check', out, '--no-config']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(`^cspm-report: invalid exceptions file: ${out}:\\d+:\\d+: /exceptions/0/`),
    );
    const filled = join(dir, 'filled.json');
    writeFileSync(filled, filledIn(text));
    const accepted = await runInProcess(['exceptions', 'check', filled, '-f', 'json', '--no-config']);
    expect(accepted.stderr).toBe('');
    expect([0, 1]).toContain(accepted.code);
    expect((JSON.parse(accepted.stdout) as { exceptions: unknown[] }).exceptions).toHaveLength(drafts);
  });

  it('writes to standard output by default, telling on standard error what needs filling in', async () => {
    const [from, file] = imports[1];
    const run = await runInProcess(['exceptions', 'import', '--from', from, file, '--no-config']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# Imported by cspm-report exceptions import --from trivy-ignore /);
    expect(run.stderr).toBe(
      `cspm-report: warning: drafted 7 exceptions from ${file}; 7 entries need filling in (each TODO): the file is refused until none is left\n`,
    );
  });

  it('warns of the entries to fill in under --quiet too, which drops only the status line', async () => {
    const [from, file] = imports[1];
    const out = join(tempDir(), 'risks.yaml');
    const run = await runInProcess(['exceptions', 'import', '--from', from, file, '-o', out, '--quiet', '--no-config']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `cspm-report: warning: drafted 7 exceptions from ${file}; 7 entries need filling in (each TODO): the file is refused until none is left\n`,
    );
  });

  it('never writes over the file it imports', async () => {
    const dir = tempDir();
    const file = join(dir, 'mutelist.yaml');
    copyFileSync(imports[0][1], file);
    const run = await runInProcess([
      'exceptions',
      'import',
      '--from',
      'prowler-mutelist',
      file,
      '-o',
      file,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file} is one of the inputs`);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(imports[0][1], 'utf8'));
  });

  it('takes the formats of its registry in --from, and refuses another', async () => {
    const run = await runInProcess(['exceptions', 'import', '--from', 'checkov', imports[0][1], '--no-config']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('prowler-mutelist, trivy-ignore, inspec-waivers');
  });
});
