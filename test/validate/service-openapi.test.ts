import { readFileSync, readdirSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../src/validate/schema-validators.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { readServiceOpenApi, readServiceOpenApiFile } from '../../src/validate/service-openapi.js';

interface Operation {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: {
    content: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: unknown }> }>;
  };
  responses: Record<
    string,
    {
      $ref?: string;
      content?: Record<string, { schema: unknown; examples?: Record<string, { summary?: string; value: unknown }> }>;
    }
  >;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
  };
}

const raw = readServiceOpenApi();
const document = raw as unknown as OpenApiDocument;
const serviceId = 'https://cspm-report.dev/schema/service.openapi.json';

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

function operationAt(method: string, path: string): Operation {
  const operation = document.paths[path]?.[method];
  if (operation === undefined) throw new Error(`no operation ${method} ${path}`);
  return operation;
}

// Ajv reads the component schemas from a root that carries the document's own URL, so that the
// relative `audit-report.schema.json#/$defs/...` resolves to the report schema's $id, as it does
// for a client that fetched the document next to the report schema.
function compileComponent(name: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema(readSchema());
  return ajv.compile({ $id: serviceId, components: document.components, $ref: `#/components/schemas/${name}` });
}

describe("the service's OpenAPI document", () => {
  it("is, as the package's file, a valid OpenAPI 3.1 document for @seriousme/openapi-schema-validator, the report schema added by its relative name", async () => {
    const validator = new Validator();
    await validator.addSpecRef(readSchema(), 'audit-report.schema.json');
    const result = await validator.validate(readServiceOpenApiFile());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is, as published, a valid OpenAPI 3.1 document on its own', async () => {
    const validator = new Validator();
    const result = await validator.validate(raw);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("has the spec's three onboarding paths, the audit summary and the three documented paths", () => {
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /audit/license/{license_id}/account/{account_id}/benchmarks',
      'GET /audit/license/{license_id}/account/{account_id}/job/{job_id}/benchmark/{benchmark_id}/summary',
      'GET /compliance/license/{license_id}/account/{account_id}/job/{job_id}/status',
      'POST /authorize/license/{license_id}/token',
      'POST /onboarding/license/{license_id}/account/aws',
      'POST /onboarding/license/{license_id}/account/azure',
      'POST /onboarding/license/{license_id}/account/office',
    ]);
  });

  it.each(operations)('$method $path has an operationId, security and response schemas', ({ operation }) => {
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(operation.security?.length).toBeGreaterThan(0);
    expect(operation.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('has unique operationIds', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks the license token for onboarding, the account token and API key for the summary', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.licenseToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.accountToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.subscriptionKey).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' }),
    );
    for (const kind of ['aws', 'azure', 'office']) {
      expect(operationAt('post', `/onboarding/license/{license_id}/account/${kind}`).security).toEqual([
        { licenseToken: [] },
      ]);
    }
    expect(
      operationAt(
        'get',
        '/audit/license/{license_id}/account/{account_id}/job/{job_id}/benchmark/{benchmark_id}/summary',
      ).security,
    ).toEqual([{ accountToken: [], subscriptionKey: [] }]);
    expect(operationAt('post', '/authorize/license/{license_id}/token').security).toEqual([{ subscriptionKey: [] }]);
  });

  it('labels the operations that come from the public documentation, not the specification', () => {
    const documented = operations.filter(({ operation }) =>
      /from the service's public documentation, not the specification/i.test(operation.description ?? ''),
    );
    expect(documented.map(({ operation }) => operation.operationId).sort()).toEqual([
      'createToken',
      'getJobStatus',
      'listBenchmarks',
    ]);
  });
});

describe("the audit summary's 200 response schema", () => {
  const summary = operationAt(
    'get',
    '/audit/license/{license_id}/account/{account_id}/job/{job_id}/benchmark/{benchmark_id}/summary',
  );
  const validateSummary = compileComponent('AuditSummaryResponse');
  const envelopes = readdirSync('samples')
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, value: JSON.parse(readFileSync(`samples/${name}`, 'utf8')) as unknown }))
    .filter(({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value));

  it('is the AuditSummaryResponse component, which refers to the report schema: by its file name in the package, under components as published', () => {
    expect(summary.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/AuditSummaryResponse',
    });
    const file = readServiceOpenApiFile() as unknown as OpenApiDocument;
    expect(JSON.stringify(file.components.schemas.AuditSummaryResponse)).toContain(
      'audit-report.schema.json#/$defs/benchmarkReport',
    );
    expect(JSON.stringify(document.components.schemas.AuditSummaryResponse)).toContain(
      '#/components/schemas/BenchmarkReport',
    );
    expect(JSON.stringify(document)).not.toContain('audit-report.schema.json#');
  });

  it('has envelope samples to check', () => {
    expect(envelopes.map(({ name }) => name)).toEqual(expect.arrayContaining(['aws-cis.json', 'office365.json']));
  });

  it.each(envelopes)('accepts samples/$name', ({ value }) => {
    expect(validateSummary(value), JSON.stringify(validateSummary.errors)).toBe(true);
  });

  it('rejects an envelope whose report lacks a field of the report schema', () => {
    const sample = JSON.parse(readFileSync('samples/aws-cis.json', 'utf8')) as { result: Record<string, unknown>[] };
    delete sample.result[0]?.BenchmarkId;
    expect(validateSummary(sample)).toBe(false);
  });

  it('accepts the error envelope only in the default response', () => {
    expect(compileComponent('ErrorResponse')({ result: null, statusCode: 401, message: 'Unauthorized' })).toBe(true);
    expect(validateSummary({ result: null, statusCode: 401, message: 'Unauthorized' })).toBe(false);
  });
});

describe('the onboarding request schemas', () => {
  const kinds = [
    { kind: 'aws', schema: 'AwsAccount', fields: 3 },
    { kind: 'azure', schema: 'AzureAccount', fields: 6 },
    { kind: 'office', schema: 'OfficeAccount', fields: 5 },
  ];

  it.each(kinds)(
    '$kind: the example validates, and the body without any one field does not',
    ({ kind, schema, fields }) => {
      const content = operationAt('post', `/onboarding/license/{license_id}/account/${kind}`).requestBody?.content[
        'application/json'
      ];
      expect(content?.schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      const example = Object.values(content?.examples ?? {})[0]?.value as Record<string, unknown>;
      const validate = compileComponent(schema);
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      expect(Object.keys(example)).toHaveLength(fields);
      for (const field of Object.keys(example)) {
        const rest = { ...example };
        delete rest[field];
        expect(validate(rest), field).toBe(false);
      }
      expect(validate({ ...example, AccountName: 42 })).toBe(false);
    },
  );

  it('the onboarding response is {result: {accountId, jobId}, statusCode, message}', () => {
    const validate = compileComponent('OnboardingResponse');
    expect(validate({ result: { accountId: 'a', jobId: 'j' }, statusCode: 200, message: 'Request Successful' })).toBe(
      true,
    );
    expect(validate({ result: { accountId: 'a' }, statusCode: 200, message: 'Request Successful' })).toBe(false);
  });
});

describe('the success responses, as a mock made from the document alone answers them', () => {
  const successes = operations.map(({ method, path, operation }) => {
    const content = operation.responses['200']?.content?.['application/json'];
    const name = String((content?.schema as { $ref: string }).$ref).replace('#/components/schemas/', '');
    return { method, path, name, examples: Object.entries(content?.examples ?? {}) };
  });

  it.each(successes)(
    '$method $path fixes statusCode to 200 and has an example its schema accepts',
    ({ name, examples }) => {
      const validate = compileComponent(name);
      expect(validate({ result: null, statusCode: 0, message: 'string' })).toBe(false);
      expect(validate.errors).toContainEqual(
        expect.objectContaining({ instancePath: '/statusCode', keyword: 'const' }),
      );
      expect(examples.length).toBeGreaterThan(0);
      for (const [example, { value }] of examples) {
        expect(validate(value), `${example}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(value).toMatchObject({ statusCode: 200, message: 'Request Successful' });
      }
    },
  );

  it('labels the one example that is not a published response', () => {
    const invented = successes
      .flatMap(({ examples }) => examples)
      .filter(([, { summary }]) => !/^The service's published response/.test(summary ?? ''));
    expect(invented.map(([name, { summary }]) => `${name}: ${summary}`)).toEqual([
      "token: This project's example: the documentation shows no response of the token exchange",
    ]);
  });

  it('has a summary example that check accepts without a finding', async () => {
    const [[, { value }]] = successes.find(({ name }) => name === 'AuditSummaryResponse')!.examples as [
      [string, { value: unknown }],
    ];
    const analysis = await analyseInputs({ value });
    expect(analysis.sources.flatMap((source) => source.findings)).toEqual([]);
    expect(analysis.summary).toMatchObject({ policies: 30 });
  });

  it('refuses ids the client could not put in a path, and a summary without a report', () => {
    expect(
      compileComponent('OnboardingResponse')({
        result: { accountId: '', jobId: 'j' },
        statusCode: 200,
        message: 'Request Successful',
      }),
    ).toBe(false);
    expect(
      compileComponent('AuditSummaryResponse')({ result: [], statusCode: 200, message: 'Request Successful' }),
    ).toBe(false);
  });
});
