import type { SarifArtifactLocation } from './sarif-log.js';

/** The uri base of every relative input path: the folder the command ran in. */
export const sourceRootId = '%SRCROOT%';

/**
 * The SARIF artifact location of an input as given on the command line. GitHub code
 * scanning matches results to files by paths relative to the repository root, so a
 * relative path stays relative (forward slashes, under `%SRCROOT%`); an absolute path
 * becomes a `file:` URI, which carries no base; standard input, which is no file, gets
 * a `stdin:` URI of its own so that it can never be mistaken for a file of that name.
 * Each path segment is percent-encoded: the schema asks for a URI reference, and a
 * space, `%` or `#` in a file name would otherwise change what the reference means.
 */
export function artifactLocation(source: string): SarifArtifactLocation & { uri: string } {
  if (source === '<stdin>') return { uri: 'stdin:' };
  const path = source.replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(path)) return { uri: `file:///${path.slice(0, 2)}${encodePath(path.slice(2))}` };
  if (path.startsWith('/')) return { uri: `file://${encodePath(path)}` };
  const relative = path.replace(/^(\.\/)+/, '');
  return { uri: encodePath(relative === '' ? '.' : relative), uriBaseId: sourceRootId };
}

/** A surrogate without its other half: no character, and encodeURIComponent throws on it. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function encodePath(path: string): string {
  // A library input may be named with any string; shown as U+FFFD, as a decoder would.
  return path.replace(loneSurrogate, '\ufffd').split('/').map(encodeURIComponent).join('/');
}
