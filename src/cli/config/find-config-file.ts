import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, parse, relative, resolve } from 'node:path';
import { lilconfigSync } from 'lilconfig';
import { CspmError } from '../../index.js';
import { parseConfigText } from './config-text.js';

/** The key of package.json that holds the config. */
const packageKey = 'cspm-report';

/** The names a config file may have, in the order each folder is searched. */
const configFileNames = ['cspm-report.config.json', 'cspm-report.config.yaml', 'cspm-report.config.yml', 'package.json'] as const;

/** A config file found and parsed. */
export interface ConfigFile {
  /** Its absolute path: relative paths in it are relative to its folder. */
  path: string;
  /** Its path as messages show it: relative to the working directory. */
  shown: string;
  /** Its value (for package.json, the value of its `cspm-report` key). */
  value: unknown;
  /** The path within the file's value to the config: `['cspm-report']` in package.json. */
  within: readonly string[];
}

/**
 * The config file of a run: `explicit` (`--config FILE`; a missing one is an error),
 * else the first of {@link configFileNames} found in the working directory or above it.
 * The search stops at the repository's root (the first folder with a `.git`), so that a
 * file in a parent folder never applies to another checkout; outside a repository it
 * goes on to the filesystem's root. lilconfig does the search: one small package
 * without dependencies, where cosmiconfig brings several.
 */
export function findConfigFile(explicit: string | undefined, cwd: string): ConfigFile | undefined {
  const searcher = lilconfigSync(packageKey, {
    searchPlaces: [...configFileNames],
    stopDir: repositoryRoot(cwd) ?? parse(cwd).root,
    cache: false,
    ignoreEmptySearchPlaces: false,
    loaders: { '.json': loader(cwd, explicit), '.yaml': loader(cwd, explicit), '.yml': loader(cwd, explicit) },
  });
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    if (!existsSync(path)) throw new CspmError('usage', `--config ${explicit}: no such file`, { data: { path: explicit } });
    if (!statSync(path).isFile()) throw new CspmError('usage', `--config ${explicit}: not a file`, { data: { path: explicit } });
    if (!/\.(json|ya?ml)$/i.test(path)) throw new CspmError('usage', `--config ${explicit}: a config file is .json, .yaml or .yml`, { data: { path: explicit } });
  }
  const found = explicit === undefined ? searcher.search(cwd) : searcher.load(resolve(cwd, explicit));
  if (found === null) return undefined;
  const isPackage = basename(found.filepath) === 'package.json';
  // A package.json without the key is found only through --config: it sets nothing.
  return { path: found.filepath, shown: shownPath(found.filepath, cwd, explicit), value: found.isEmpty === true ? {} : (found.config as unknown) ?? {}, within: isPackage ? [packageKey] : [] };
}

/** lilconfig's loader for every extension: JSON without yaml, YAML with it. */
function loader(cwd: string, explicit: string | undefined): (path: string, text: string) => unknown {
  return (path, text) => parseConfigText(text, path, shownPath(path, cwd, explicit));
}

/** A config file's path in messages: as `--config` gave it, else relative to the working directory. */
function shownPath(path: string, cwd: string, explicit: string | undefined): string {
  return explicit ?? (relative(cwd, path) || path);
}

/** The nearest folder at or above `cwd` that holds a `.git` (a folder, or a worktree's file). */
function repositoryRoot(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dir === dirname(dir)) return undefined;
  }
}
