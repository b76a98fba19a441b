import { isAbsolute, relative } from 'node:path';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * An input's path as GitLab matches it to the repository's files: relative to the
 * folder the command ran in (which in a CI job is the repository's root), with `/`
 * separators. An absolute path is made relative, since GitLab cannot place one; a
 * relative one loses its leading `./`. Standard input keeps its name, `<stdin>`. The
 * name is otherwise the file's own, not shown escaped as a description is, or it would
 * name no file; only a lone surrogate, which is no character and which a JSON reader may
 * refuse, is written as U+FFFD, as a decoder would read it.
 */
export function issuePath(source: string, workingDirectory: string): string {
  const path = isAbsolute(source) ? relative(workingDirectory, source) : source;
  const slashed = path
    .replace(loneSurrogate, '\ufffd')
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
  return slashed === '' ? '.' : slashed;
}
