import { readFileSync } from 'node:fs';
import { CspmError } from '../error/cspm-error.js';
import type { LogoView } from '../model/view-model.js';

/** Reads `--logo`: a PNG or a JPEG, told by its first bytes rather than its name. */
export function readLogo(path: string): LogoView {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CspmError(code === 'ENOENT' ? 'input-not-found' : 'input-unreadable', `--logo ${path}`, { cause: error });
  }
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { bytes, mediaType: 'image/png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, mediaType: 'image/jpeg' };
  throw new CspmError('usage', `--logo ${path} is neither a PNG nor a JPEG image`);
}
