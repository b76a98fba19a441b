import { CspmError } from '../error/cspm-error.js';
import { inspectImage } from './inspect-image.js';
import { readRegularFile } from './read-regular-file.js';
import type { LogoView } from '../model/view-model.js';

/** A logo larger than this is surely not a logo. */
const maxLogoBytes = 10 * 2 ** 20;

/**
 * Reads a logo for the documents (RenderOptions.logo): a whole, well-formed PNG or JPEG
 * (see inspectImage), told by its content rather than its name; a regular file only, so
 * that a pipe cannot block the run.
 *
 * @param option the option errors name before the path (the command line's `--logo`)
 */
export function loadLogo(path: string, option?: string): LogoView {
  const label = option === undefined ? path : `${option} ${path}`;
  const tooLarge = (size: number): CspmError =>
    new CspmError('input-too-large', `${label} is ${Math.round(size / 2 ** 20)} MiB; a logo may be at most 10 MiB`, {
      data: { path: label, bytes: size, limit: maxLogoBytes },
    });
  const bytes = readRegularFile(path, maxLogoBytes, tooLarge, label);
  const image = inspectImage(bytes);
  if ('problem' in image)
    throw new CspmError('usage', `${label} ${image.problem}`, {
      data: { path, ...(option === undefined ? {} : { option: option.replace(/^--/, '') }) },
    });
  return { bytes, mediaType: image.mediaType, name: label };
}
