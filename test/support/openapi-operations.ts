/** The parts of an OpenAPI 3.1 document that conformance checks read. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  security?: SecurityRequirement[];
  components?: { securitySchemes?: Record<string, SecurityScheme> };
  [field: string]: unknown;
}

/** One alternative of an operation's `security`: every named scheme must be met. */
export type SecurityRequirement = Record<string, string[]>;

/** A security scheme, as far as a request can be checked against it. */
export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

/** An operation of the document, with the JSON Pointer of its object in the document. */
export interface DocumentedOperation {
  /** Upper case, as on the wire: `GET`, `POST`. */
  method: string;
  /** The path template as written in `paths`: `/audit/license/{license_id}/…`. */
  template: string;
  /** JSON Pointer of the operation object, from which its schemas are compiled. */
  pointer: string;
  operation: Record<string, unknown>;
}

/** The operation of a request, and its path parameters decoded. */
export interface OperationMatch {
  found: DocumentedOperation;
  params: Record<string, string>;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Escapes one reference token of a JSON Pointer (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Every operation of `document`, in document order. */
export function listOperations(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pointer: `/paths/${escapePointerToken(template)}/${method}`,
        operation: operation as Record<string, unknown>,
      })),
  );
}

/** A matcher of one path template: `{name}` takes one non-empty segment (or part of one). */
function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}|[^{]+/g, (whole, name: string | undefined) => {
    if (name === undefined) return whole.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * The operation of `method` at `pathname` (as sent, percent-encoded). When several
 * templates match, the one with the fewest parameters wins: OpenAPI matches concrete
 * paths before templated ones. `paths` lists the templates that match with another method.
 */
export function findOperation(
  operations: readonly DocumentedOperation[],
  method: string,
  pathname: string,
): OperationMatch | { paths: DocumentedOperation[] } {
  const candidates = operations
    .map((found) => ({ found, ...templatePattern(found.template) }))
    .map((candidate) => ({ ...candidate, values: candidate.pattern.exec(pathname)?.slice(1) }))
    .filter((candidate) => candidate.values !== undefined)
    .sort((a, b) => a.names.length - b.names.length);
  const match = candidates.find((candidate) => candidate.found.method === method.toUpperCase());
  if (!match) return { paths: candidates.map((candidate) => candidate.found) };
  const params = Object.fromEntries(
    match.names.map((name, index) => [name, decodeURIComponent(match.values![index]!)]),
  );
  return { found: match.found, params };
}
