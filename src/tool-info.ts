import { readFileSync } from 'node:fs';
import { packageRoot } from './package-root.js';

/** Name and version of this package, read from its package.json at run time. */
export const toolInfo: { name: string; version: string } = (() => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', packageRoot), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
})();
