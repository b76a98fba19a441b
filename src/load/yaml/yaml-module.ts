import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Yaml from 'yaml';
import { packageRoot } from '../../package-root.js';

const requirePackage = createRequire(import.meta.url);
let loaded: typeof Yaml | undefined;

/**
 * The yaml package, loaded on first use: only a run given a rules, exceptions or config file reads one, and no other
 * command should pay for loading it at start-up. The build bundles it into one file
 * (scripts/bundle-yaml.js), which loads in half the time of its 74 modules; running
 * from source, before a build, the package itself is loaded. (A synchronous load, so
 * that parseGateRules stays a plain function.)
 */
export function yamlModule(): typeof Yaml {
  if (loaded === undefined) {
    const bundle = fileURLToPath(new URL('dist/load/yaml/yaml.cjs', packageRoot));
    loaded = requirePackage(existsSync(bundle) ? bundle : 'yaml') as typeof Yaml;
  }
  return loaded;
}
