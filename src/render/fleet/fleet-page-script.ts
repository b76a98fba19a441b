import { readFileSync } from 'node:fs';
import { packageRoot } from '../../package-root.js';

let script: string | undefined;

/** The fleet page's script (templates/fleet/page-script.js), read once per process. */
export function fleetPageScript(): string {
  script ??= readFileSync(new URL('templates/fleet/page-script.js', packageRoot), 'utf8');
  return script;
}
