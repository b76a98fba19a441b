import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const report = 'samples/azure-csbp.json';

/** Nine levels of nine aliases: 9^9 strings once expanded ("billion laughs"). */
const aliasBomb = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((name, index) => {
    const previous = 'abcdefghi'[index]!;
    return `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`;
  }),
].join('\n');

/** Lines as a password file has them: they parse as YAML (plain scalars), and must not be quoted. */
const shadowLike = 'root:$6$saltsalt$SECRETHASHVALUE:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n';

function rulesFile(text: string, name = 'rules.yaml'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

describe('a rules file that is not one', () => {
  it('refuses a YAML alias bomb with its own message, naming the file, exit 2', async () => {
    const rules = rulesFile(aliasBomb);
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cspm-report: too many aliases in gate rules: ${rules}: its aliases expand past 100 copies (a YAML alias bomb?); write the values out\n`,
    );
  });

  it('says a password file is not a rules file and quotes nothing of it', async () => {
    const rules = rulesFile(shadowLike, 'shadow');
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cspm-report: invalid gate rules: ${rules}:1:1: not a YAML or JSON rules file (no "assertions" or "extends" at its top)\n`,
    );
  });

  it('quotes nothing of a file that does not parse, only where it stops', async () => {
    const rules = rulesFile('assertions: "\\q SECRET"\n');
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/: not a YAML or JSON rules file \(it stops parsing here: bad dq escape\)\n$/);
    expect(run.stderr).not.toContain('SECRET');
    expect(run.stderr).not.toContain('\\q');
  });

  it('still names a misspelt key of a rules file', async () => {
    const run = await runInProcess(['gate', report, '--rules', rulesFile('assertion: []\n')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown key "assertion"');
  });
});
