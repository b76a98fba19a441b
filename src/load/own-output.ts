/**
 * What the tool's own JSON outputs look like, told by their top-level shape. An output
 * written beside the reports (`render -f hdf`, `check -f sarif -o …`, `gate --result`)
 * is found by the next `check DIR`, `render DIR` or `trend DIR`: it is no stray file to
 * warn about (a warning fails `--fail-on warning`), but one of ours, skipped with a note.
 */
// Most specific first: a diff's JSON has a verdict, a summary and files too, and its diff.
const ownOutputs: readonly { kind: string; matches(value: Record<string, unknown>): boolean }[] = [
  { kind: 'HDF', matches: (value) => Array.isArray(value['profiles']) && isObject(value['platform']) },
  {
    kind: 'SARIF',
    matches: (value) =>
      typeof value['$schema'] === 'string' && /sarif/i.test(value['$schema']) && Array.isArray(value['runs']),
  },
  {
    kind: 'gate --result',
    matches: (value) =>
      typeof value['rulesFile'] === 'string' &&
      Array.isArray(value['assertions']) &&
      typeof value['exitCode'] === 'number',
  },
  {
    kind: 'trend -f json',
    matches: (value) =>
      Array.isArray(value['scans']) && Array.isArray(value['longestRed']) && Array.isArray(value['regressed']),
  },
  { kind: 'diff -f json', matches: (value) => isObject(value['verdict']) && isObject(value['diff']) },
  {
    kind: 'check -f json',
    matches: (value) => isObject(value['verdict']) && isObject(value['summary']) && Array.isArray(value['files']),
  },
];

/** Which of the tool's outputs `value` is (`SARIF`, `gate --result`), or undefined for anything else. */
export function ownOutputKind(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  return ownOutputs.find((output) => output.matches(value))?.kind;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
