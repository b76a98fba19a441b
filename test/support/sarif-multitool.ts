import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The native sarif-multitool of this platform, from the devDependency @microsoft/sarif-multitool. */
const multitool = join(dirname(require.resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`)), 'Sarif.Multitool');

/** The policy that turns on GitHub's ingestion rules (GH1001–GH1007) as errors. */
const githubPolicy = fileURLToPath(new URL('../fixtures/sarif/github-ingestion.config.xml', import.meta.url));

/** One problem sarif-multitool reports in a log. */
export interface MultitoolProblem {
  ruleId: string;
  level: string;
  /** The message id and its arguments, which say where. */
  text: string;
}

/**
 * What sarif-multitool's `validate` says of `sarif` at level error or warning, with
 * GitHub's ingestion rules (GH1001–GH1007) and the SARIF rules on: an empty list when
 * GitHub code scanning would take the log as it is. Run on a copy in `dir`.
 */
export function multitoolProblems(sarif: string, dir: string): MultitoolProblem[] {
  const input = join(dir, 'checked.sarif');
  const output = join(dir, 'multitool-result.sarif');
  writeFileSync(input, sarif);
  // The tool will not write over an output unless told in a form this version refuses.
  rmSync(output, { force: true });
  const run = spawnSync(multitool, ['validate', '-c', githubPolicy, '--rule-kind', 'Gh;Sarif', '--level', 'Error;Warning', '-o', output, input], {
    encoding: 'utf8',
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
  });
  if (run.status !== 0) throw new Error(`sarif-multitool exited with ${String(run.status)}: ${run.stdout}${run.stderr}`);
  const log = JSON.parse(readFileSync(output, 'utf8')) as { runs: { results?: { ruleId: string; level?: string; message: { id?: string; text?: string; arguments?: string[] } }[] }[] };
  return (log.runs[0]?.results ?? []).map((result) => ({
    ruleId: result.ruleId,
    level: result.level ?? 'warning',
    text: result.message.text ?? `${result.message.id ?? ''} ${(result.message.arguments ?? []).join(', ')}`,
  }));
}
