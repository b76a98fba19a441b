import { CspmError } from '../error/cspm-error.js';

/**
 * The entry of `registry` called `name`, for the registries of renderers and formats;
 * an unknown name is an `unknown-format` CspmError that lists the known ones, in the
 * registry's order, as `"x"; the <what> are a, b, c`.
 *
 * @param what how the message names the registry's entries (`formats`, `trend formats`)
 */
export function registryEntry<Registry extends Record<string, unknown>>(
  registry: Registry,
  name: string,
  what: string,
): Registry[keyof Registry] {
  if (!Object.hasOwn(registry, name)) {
    const known = Object.keys(registry);
    throw new CspmError('unknown-format', `"${name}"; the ${what} are ${known.join(', ')}`, { data: { name, known } });
  }
  return registry[name as keyof Registry];
}
