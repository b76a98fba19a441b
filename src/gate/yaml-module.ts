import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const requirePackage = createRequire(import.meta.url);
let loaded: typeof Yaml | undefined;

/**
 * The yaml package, loaded on first use. Loading it takes about 35 ms, which every
 * command would otherwise pay at start-up although only a gate reads a rules file.
 * (A synchronous load, so that parseGateRules stays a plain function.)
 */
export function yamlModule(): typeof Yaml {
  loaded ??= requirePackage('yaml') as typeof Yaml;
  return loaded;
}
