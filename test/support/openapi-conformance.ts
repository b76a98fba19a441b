import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { readSchema } from '../../src/validate/schema-validators.js';
import { readServiceOpenApi } from '../../src/validate/service-openapi.js';
import { checkSecurity } from './openapi-security.js';
import {
  escapePointerToken,
  findOperation,
  listOperations,
  type DocumentedOperation,
  type OpenApiDocument,
  type SecurityRequirement,
} from './openapi-operations.js';

/** A request as sent: header names in lower case, the body parsed (`undefined` when empty). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** True when there was a body and it was not JSON. */
  bodyNotJson?: boolean;
}

/** A response as received: header names in lower case, the body parsed (`undefined` when empty). */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  bodyNotJson?: boolean;
}

/** One request and its response. */
export interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
}

/** Checks of requests and responses against one OpenAPI document; see {@link createConformance}. */
export interface Conformance {
  operations: DocumentedOperation[];
  /** The documented operation of `request` (by method and path template), if there is one. */
  operationOf(request: RecordedRequest): DocumentedOperation | undefined;
  /** What is wrong with `request`: an empty list when it is a documented operation, sent as documented. */
  checkRequest(request: RecordedRequest): string[];
  /** What is wrong with `response` to `request`: an empty list when its status is documented and its body valid. */
  checkResponse(request: RecordedRequest, response: RecordedResponse): string[];
  /** Both checks of one exchange. */
  checkExchange(exchange: Exchange): string[];
}

/**
 * The service document read from the package, its schemas based at the URL it is published at,
 * so that the relative `audit-report.schema.json` reference reaches the report schema's `$id`.
 */
export function createServiceConformance(): Conformance {
  return createConformance(
    readServiceOpenApi() as OpenApiDocument,
    'https://cspm-report.dev/schema/service.openapi.json',
    [readSchema()],
  );
}

/**
 * Conformance checks for `document`, whose `$ref`s resolve against `baseUri` and among
 * `schemas` (each with its `$id`). Problems are messages that name fields, headers and
 * JSON Pointers, never a header value: requests carry tokens.
 */
export function createConformance(document: OpenApiDocument, baseUri: string, schemas: object[] = []): Conformance {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const schema of schemas) ajv.addSchema(schema);
  // The whole document is added as one schema, so that every schema in it is compiled by its
  // JSON Pointer and its `$ref`s (local or relative) resolve as a client that fetched it would.
  ajv.addSchema({ ...document, $id: baseUri });
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `${baseUri}#${pointer}` })));
    return validate;
  };
  const invalid = (what: string, pointer: string, value: unknown): string[] => {
    const validate = schemaAt(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${what}${error.instancePath === '' ? '' : ` ${error.instancePath}`}: ${error.message ?? 'is invalid'}`,
    );
  };
  const operations = listOperations(document);
  const resolve = (pointer: string): { pointer: string; value: Record<string, unknown> } =>
    resolveLocal(document, pointer);

  function locate(request: RecordedRequest): { found: DocumentedOperation; params: Record<string, string> } | string {
    const { pathname } = new URL(request.url);
    const match = findOperation(operations, request.method, pathname);
    if ('found' in match) return match;
    if (match.paths.length === 0) return `${request.method} ${pathname}: no path of the document matches`;
    return `${request.method} ${pathname}: the document has no ${request.method} operation at ${match.paths[0]!.template} (only ${match.paths.map((path) => path.method).join(', ')})`;
  }

  function checkRequest(request: RecordedRequest): string[] {
    const located = locate(request);
    if (typeof located === 'string') return [located];
    const { found, params } = located;
    const url = new URL(request.url);
    const where = `${found.method} ${found.template}`;
    const problems: string[] = [];
    const declared = parameterPointers(document, found).map((pointer) => resolve(pointer));
    for (const { pointer, value } of declared) {
      const name = String(value['name']);
      const given = readParameter(String(value['in']), name, params, url.searchParams, request.headers);
      if (given === undefined) {
        if (value['required'] === true)
          problems.push(`${where}: required ${String(value['in'])} parameter ${name} is missing`);
        continue;
      }
      // Every parameter of the service is a string; a document with numeric ones would need coercion here.
      if (value['schema'] !== undefined)
        problems.push(...invalid(`${where}: ${String(value['in'])} parameter ${name}`, `${pointer}/schema`, given));
    }
    const queryNames = new Set(
      declared.filter(({ value }) => value['in'] === 'query').map(({ value }) => String(value['name'])),
    );
    for (const name of new Set(url.searchParams.keys()))
      if (!queryNames.has(name)) problems.push(`${where}: query parameter ${name} is not documented`);
    const security = (found.operation['security'] ?? document.security ?? []) as SecurityRequirement[];
    problems.push(
      ...checkSecurity(security, document.components?.securitySchemes ?? {}, request.headers, url.searchParams).map(
        (problem) => `${where}: ${problem}`,
      ),
    );
    const requestBody =
      found.operation['requestBody'] === undefined ? undefined : resolve(`${found.pointer}/requestBody`);
    problems.push(
      ...checkBody(`${where}: request body`, requestBody, request, requestBody?.value['required'] === true),
    );
    return problems;
  }

  function checkResponse(request: RecordedRequest, response: RecordedResponse): string[] {
    const located = locate(request);
    if (typeof located === 'string') return [located];
    const { found } = located;
    const responses = (found.operation['responses'] ?? {}) as Record<string, unknown>;
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((name) => Object.hasOwn(responses, name));
    const where = `${found.method} ${found.template}: response ${status}`;
    if (key === undefined) return [`${where} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const documented = resolve(`${found.pointer}/responses/${escapePointerToken(key)}`);
    // A response that documents content must carry it: an empty 200 is not the envelope.
    return checkBody(`${where} body`, documented, response, documented.value['content'] !== undefined);
  }

  /** A body against a request body or response object: present when `required`, of a documented media type, valid. */
  function checkBody(
    what: string,
    documented: { pointer: string; value: Record<string, unknown> } | undefined,
    message: RecordedRequest | RecordedResponse,
    required: boolean,
  ): string[] {
    const content = documented?.value['content'] as Record<string, { schema?: unknown }> | undefined;
    if (message.body === undefined && !message.bodyNotJson) return required ? [`${what} is missing`] : [];
    if (content === undefined) return [`${what} is not documented`];
    const mediaType = (message.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const documentedType = Object.keys(content).find((type) => mediaTypeMatches(type, mediaType));
    if (documentedType === undefined)
      return [
        `${what}: content type ${JSON.stringify(mediaType)} is not documented (documented: ${Object.keys(content).join(', ')})`,
      ];
    if (message.bodyNotJson) return [`${what} is not JSON`];
    if (content[documentedType]?.schema === undefined) return [];
    return invalid(what, `${documented!.pointer}/content/${escapePointerToken(documentedType)}/schema`, message.body);
  }

  return {
    operations,
    operationOf: (request) => {
      const located = locate(request);
      return typeof located === 'string' ? undefined : located.found;
    },
    checkRequest,
    checkResponse,
    checkExchange: (exchange) => [
      ...checkRequest(exchange.request),
      ...checkResponse(exchange.request, exchange.response),
    ],
  };
}

/** Pointers of the parameters of an operation: its own, then those of its path item it does not override. */
function parameterPointers(document: OpenApiDocument, found: DocumentedOperation): string[] {
  const itemPointer = found.pointer.slice(0, found.pointer.lastIndexOf('/'));
  const own = ((found.operation['parameters'] ?? []) as unknown[]).map(
    (_, index) => `${found.pointer}/parameters/${index}`,
  );
  const item = document.paths?.[found.template]?.['parameters'];
  const shared = ((item ?? []) as unknown[]).map((_, index) => `${itemPointer}/parameters/${index}`);
  const key = (pointer: string) => {
    const { value } = resolveLocal(document, pointer);
    return `${String(value['in'])} ${String(value['name'])}`;
  };
  const ownKeys = new Set(own.map(key));
  return [...own, ...shared.filter((pointer) => !ownKeys.has(key(pointer)))];
}

/** The value of a parameter in the request; header names are matched without regard to case. */
function readParameter(
  where: string,
  name: string,
  params: Record<string, string>,
  query: URLSearchParams,
  headers: Record<string, string>,
): string | undefined {
  if (where === 'path') return params[name];
  if (where === 'query') return query.get(name) ?? undefined;
  if (where === 'header') return headers[name.toLowerCase()];
  return undefined;
}

/** Whether a documented media type (`application/json`, `application/*`, `*\/*`) covers `actual`. */
function mediaTypeMatches(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

/** The object at `pointer`, following local `$ref`s of non-schema objects (parameters, responses, request bodies). */
function resolveLocal(document: OpenApiDocument, pointer: string): { pointer: string; value: Record<string, unknown> } {
  let current = pointer;
  for (let hops = 0; hops < 10; hops += 1) {
    const value = current
      .split('/')
      .slice(1)
      .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], document) as
      Record<string, unknown> | undefined;
    if (value === undefined) throw new Error(`the document has nothing at ${current}`);
    const ref = value['$ref'];
    if (typeof ref !== 'string') return { pointer: current, value };
    if (!ref.startsWith('#/')) throw new Error(`${current}: only local references are followed, not ${ref}`);
    current = decodeURIComponent(ref.slice(1));
  }
  throw new Error(`${pointer}: too many references`);
}
