import { CspmError } from '../error/cspm-error.js';

/** A file-system error as a CspmError naming the path. */
export function ioError(path: string, error: unknown): CspmError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new CspmError('input-not-found', path, { cause: error, data: { path } });
  }
  if (code === 'EISDIR') {
    return new CspmError('input-unreadable', `${path} (a directory where a file was expected)`, {
      cause: error,
      data: { path },
    });
  }
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('input-unreadable', `${path} (${reason})`, { cause: error, data: { path } });
}
