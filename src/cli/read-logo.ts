import { CspmError } from '../error/cspm-error.js';
import { inspectImage } from '../load/inspect-image.js';
import { ioError } from '../load/read-text-file.js';
import { readRegularFile } from '../load/read-regular-file.js';
import type { LogoView } from '../model/view-model.js';

/** A logo larger than this is surely not a logo. */
const maxLogoBytes = 10 * 2 ** 20;

/**
 * Reads `--logo`: a whole, well-formed PNG or JPEG (see inspectImage), told by its
 * content rather than its name; a regular file only, so that a pipe cannot block the run.
 */
export function readLogo(path: string): LogoView {
  const label = `--logo ${path}`;
  let bytes: Uint8Array;
  try {
    bytes = readRegularFile(path, maxLogoBytes, (size) => new CspmError('input-too-large', `${label} is ${Math.round(size / 2 ** 20)} MiB; a logo may be at most 10 MiB`, { data: { path: label, bytes: size, limit: maxLogoBytes } }), label);
  } catch (error) {
    throw error instanceof CspmError ? error : ioError(label, error);
  }
  const image = inspectImage(bytes);
  if ('problem' in image) throw new CspmError('usage', `${label} ${image.problem}`);
  return { bytes, mediaType: image.mediaType };
}
