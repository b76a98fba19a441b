import { describe, expect, it } from 'vitest';
import { documentationPages } from '../support/documentation.js';

/**
 * The shell scripts of the pages (```sh blocks) as a reader pastes them: a command that
 * stops a background job starts a line of its own. A lost line break glued `kill %1` to
 * the end of the line before (`-f xlsxkill %1`), which made that command fail and left
 * the server running.
 */
const scripts = documentationPages().flatMap(({ path, text }) =>
  [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((block) => ({
    where: `${path}:${text.slice(0, block.index).split('\n').length}`,
    code: block[1]!,
  })),
);

/** Lines where `kill` follows something other than the start of a command. */
function gluedKills(code: string): string[] {
  return code
    .split('\n')
    .filter(
      (line) =>
        /\bkill\b|kill %/.test(line) &&
        /[^\s;&|(]kill\b|[^;&|(]\s+kill %|[^;&|(]\s+kill "/.test(line.replace(/^\s*kill\b/, '')),
    );
}

describe('shell scripts of the documentation', () => {
  it('has scripts that stop a job', () => {
    expect(scripts.filter(({ code }) => /^kill /m.test(code)).length).toBeGreaterThan(1);
  });

  it('start every kill on a line or after a command separator', () => {
    expect(scripts.flatMap(({ where, code }) => gluedKills(code).map((line) => `${where}: ${line}`))).toEqual([]);
  });

  it('notices a kill glued to the line before', () => {
    expect(gluedKills('cspm-report fetch -o p.json -f xlsxkill %1\n')).toHaveLength(1);
    expect(gluedKills('run --out-dir reportskill %1 %2    # the emulator\n')).toHaveLength(1);
    expect(gluedKills('kill %1\nkill "$server" && wait "$server"\nsleep 1; kill %2\n')).toEqual([]);
  });
});
