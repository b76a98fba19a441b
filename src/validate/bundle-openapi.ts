import { CspmError } from '../error/cspm-error.js';

/** A JSON Schema document that an OpenAPI document refers to by a relative name. */
export interface ReferencedSchema {
  /** The name the OpenAPI document's `$ref`s use: `audit-report.schema.json`. */
  name: string;
  /** The schema, whose `$defs` the references point into. */
  schema: Record<string, unknown>;
}

/**
 * A copy of `document` that needs no other file: each `$ref` of the form
 * `<name>#/$defs/<def>` becomes `#/components/schemas/<Def>`, and the definitions it
 * reaches (those references, then theirs, transitively) are copied under
 * `components.schemas` with their own `#/$defs/…` references rewritten the same way.
 * Definitions nothing reaches are left out, so that no component is unused. Tools that
 * read a printed or served document (prism, redocly, spectral) have no location to
 * resolve a relative reference against.
 *
 * @throws CspmError `internal` when a reference names a definition the schema lacks, or a copied
 *   definition's component name is already taken: both are faults of the package's files
 */
export function bundleOpenApi(
  document: Record<string, unknown>,
  referenced: ReferencedSchema,
): Record<string, unknown> {
  const definitions = (referenced.schema['$defs'] ?? {}) as Record<string, unknown>;
  const external = `${referenced.name}#/$defs/`;
  const reached = new Set<string>();
  const rewrite = (value: unknown, prefix: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, prefix));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (key !== '$ref' || typeof item !== 'string' || !item.startsWith(prefix)) return [key, rewrite(item, prefix)];
        const name = item.slice(prefix.length);
        if (!Object.hasOwn(definitions, name))
          throw new CspmError('internal', `${item} names no definition of ${referenced.name}`, {
            data: { what: referenced.name },
          });
        reached.add(name);
        return [key, `#/components/schemas/${componentName(name)}`];
      }),
    );
  };
  const bundled = rewrite(document, external) as Record<string, unknown>;
  const components = { ...(bundled['components'] as Record<string, unknown> | undefined) };
  const schemas = { ...(components['schemas'] as Record<string, unknown> | undefined) };
  const copied = new Set<string>();
  for (let pending = [...reached]; pending.length > 0; pending = [...reached].filter((name) => !copied.has(name))) {
    for (const name of pending) {
      const component = componentName(name);
      if (Object.hasOwn(schemas, component))
        throw new CspmError(
          'internal',
          `the component ${component} of ${referenced.name}#/$defs/${name} is already taken`,
          { data: { what: referenced.name } },
        );
      schemas[component] = rewrite(definitions[name], '#/$defs/');
      copied.add(name);
    }
  }
  return { ...bundled, components: { ...components, schemas } };
}

/**
 * The component name of a definition: `benchmarkReport` → `BenchmarkReport`, as the document's own components are
 * named.
 */
function componentName(definition: string): string {
  return `${definition.charAt(0).toUpperCase()}${definition.slice(1)}`;
}
