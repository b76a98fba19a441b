import { createHash } from 'node:crypto';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, parse, relative, resolve } from 'node:path';
import { CspmError } from '../../error/cspm-error.js';
import { parseConfigText } from './config-text.js';
import type { ConfigFound } from './config-scope.js';
import { readConfigBytes } from './read-config-file.js';

/** The key of package.json that holds the config. */
const packageKey = 'cspm-report';

/** The names a config file may have, in the order each folder is searched. */
const configFileNames = [
  'cspm-report.config.json',
  'cspm-report.config.yaml',
  'cspm-report.config.yml',
  'package.json',
] as const;

/** A config file found and parsed. */
export interface ConfigFile {
  /** Its absolute path: relative paths in it are relative to its folder. */
  path: string;
  /** Its path as messages show it: as `--config` gave it, else relative to the working directory. */
  shown: string;
  /** Its value (for package.json, the value of its `cspm-report` key). */
  value: unknown;
  /** The path within the file's value to the config: `['cspm-report']` in package.json. */
  within: readonly string[];
  /** Its text as read: messages locate a refused key in it without reading the file again. */
  text: string;
  /** The SHA-256 of the bytes read, in lowercase hex. */
  sha256: string;
  /** Named with `--config`, or found by search. */
  found: ConfigFound;
}

/** Where the search must not go: the user's home and the system's temporary folder. */
export interface SearchBounds {
  home: string;
  tmpdir: string;
}

/**
 * The config file of a run: `explicit` (`--config FILE`; a missing one is an error),
 * else the first of {@link configFileNames} found in the working directory or above it.
 *
 * The search reads the folders from `cwd` upward and stops after the repository's root
 * (the first folder with a `.git`) and after the user's home, so that a file in a parent
 * folder never applies to another checkout or another user; it never crosses to another
 * file system, and never reads the file system's root or the system's temporary folder,
 * where anyone may drop a file that would apply to every run below it.
 *
 * @param bounds the home and temporary folders (the system's by default)
 */
export function findConfigFile(
  explicit: string | undefined,
  cwd: string,
  bounds: SearchBounds = { home: homedir(), tmpdir: tmpdir() },
): ConfigFile | undefined {
  if (explicit === undefined) return searchConfigFile(resolve(cwd), bounds);
  const path = resolve(cwd, explicit);
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined)
    throw new CspmError('usage', `--config ${explicit}: no such file`, { data: { path: explicit } });
  if (!/\.(json|ya?ml)$/i.test(path))
    throw new CspmError('usage', `--config ${explicit}: a config file is .json, .yaml or .yml`, {
      data: { path: explicit },
    });
  const bytes = readConfigBytes(path, `--config ${explicit}`);
  const text = bytes.toString('utf8');
  const value = parseConfigText(text, path, explicit);
  if (basename(path) !== 'package.json')
    return { path, shown: explicit, value, within: [], text, sha256: sha256Of(bytes), found: 'named' };
  // A package.json named without the key sets nothing.
  const own = isMapping(value) && Object.hasOwn(value, packageKey) ? value[packageKey] : {};
  return { path, shown: explicit, value: own, within: [packageKey], text, sha256: sha256Of(bytes), found: 'named' };
}

function searchConfigFile(cwd: string, bounds: SearchBounds): ConfigFile | undefined {
  const unread = new Set([parse(cwd).root, ...sameFolders(bounds.tmpdir)]);
  const homes = new Set(sameFolders(bounds.home));
  let dir = cwd;
  const device = statSync(dir, { throwIfNoEntry: false })?.dev;
  for (;;) {
    if (unread.has(dir)) return undefined;
    for (const name of configFileNames) {
      const found = readCandidate(join(dir, name), cwd);
      if (found !== undefined) return found;
    }
    if (homes.has(dir) || existsSync(join(dir, '.git'))) return undefined;
    const parent = dirname(dir);
    if (parent === dir || statSync(parent, { throwIfNoEntry: false })?.dev !== device) return undefined;
    dir = parent;
  }
}

/**
 * The config file at `path` when there is one. A cspm-report.config.* that is not a
 * plain file, is too large or does not parse is refused; a package.json is ours only
 * when it is a plain file that parses and holds the `cspm-report` key: any other is some
 * other tool's, passed over without a word (a package.json that does not parse is not
 * one we could have been given).
 */
function readCandidate(path: string, cwd: string): ConfigFile | undefined {
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return undefined;
  const shown = relative(cwd, path) || path;
  if (basename(path) !== 'package.json') {
    const bytes = readConfigBytes(path, shown);
    const text = bytes.toString('utf8');
    return {
      path,
      shown,
      value: parseConfigText(text, path, shown),
      within: [],
      text,
      sha256: sha256Of(bytes),
      found: 'search',
    };
  }
  let bytes: Buffer;
  let value: unknown;
  try {
    bytes = readConfigBytes(path, shown);
    value = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
  if (!isMapping(value) || !Object.hasOwn(value, packageKey)) return undefined;
  return {
    path,
    shown,
    value: value[packageKey],
    within: [packageKey],
    text: bytes.toString('utf8'),
    sha256: sha256Of(bytes),
    found: 'search',
  };
}

/** A folder as the search meets it: as given and with its links resolved. */
function sameFolders(folder: string): string[] {
  const given = resolve(folder);
  try {
    return [given, realpathSync(given)];
  } catch {
    return [given];
  }
}

function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
