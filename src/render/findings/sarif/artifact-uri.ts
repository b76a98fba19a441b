import { isAbsolute, relative } from 'node:path';
import type { SarifArtifactLocation } from './sarif-log.js';

/** The uri base of every input path: the folder the command ran in. */
export const sourceRootId = '%SRCROOT%';

/** Standard input's name when `--stdin-name` gives it none (see AnalysedSource.source). */
const stdinSource = '<stdin>';

/**
 * The SARIF artifact location of an input, always a path relative to the folder the
 * command ran in (forward slashes, under `%SRCROOT%`): GitHub code scanning matches
 * results to files by paths relative to the repository root, and refuses absolute
 * `file:` URIs (its rules GH1005, GH1006). An absolute path is made relative to that
 * folder; one outside it starts with `../`, which GitHub accepts but can match to no
 * file of the repository. Only a path on another Windows drive, which no relative path
 * reaches, stays an absolute `file:` URI. Standard input without `--stdin-name` is
 * `<stdin>`, as every format names it, encoded as the relative reference `%3Cstdin%3E`.
 * Each path segment is percent-encoded: the schema asks for a URI reference, and a
 * space, `%` or `#` in a file name would otherwise change what the reference means.
 *
 * @param workingDirectory the folder relative paths start from
 */
export function artifactLocation(
  source: string,
  workingDirectory: string = process.cwd(),
): SarifArtifactLocation & { uri: string } {
  if (source === stdinSource) return { uri: encodePath(source), uriBaseId: sourceRootId };
  const path = (isAbsolute(source) ? relative(workingDirectory, source) : source).replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(path)) return { uri: `file:///${path.slice(0, 2)}${encodePath(path.slice(2))}` };
  const trimmed = path.replace(/^(\.\/)+/, '');
  return { uri: encodePath(trimmed === '' ? '.' : trimmed), uriBaseId: sourceRootId };
}

/** A surrogate without its other half: no character, and encodeURIComponent throws on it. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function encodePath(path: string): string {
  // A library input may be named with any string; shown as U+FFFD, as a decoder would.
  return path.replace(loneSurrogate, '\ufffd').split('/').map(encodeURIComponent).join('/');
}
