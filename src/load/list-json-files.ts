import { walkFolder, type FolderListing } from './walk-folder.js';

/**
 * Every `*.json` entry under `dir`, recursively, in a stable order (byte order of the
 * paths), so that runs on different machines list files alike, and the entries left
 * out: links to folders outside `dir`, names that are not UTF-8 (see walkFolder).
 */
export function listJsonFiles(dir: string): FolderListing {
  return walkFolder(dir, (name) => name.toLowerCase().endsWith('.json'));
}
