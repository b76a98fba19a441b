import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createConformance, createServiceConformance, type Exchange } from '../support/openapi-conformance.js';
import type { OpenApiDocument } from '../support/openapi-operations.js';

const service = createServiceConformance();
const base = 'http://127.0.0.1:9';
const onboardingPath = '/onboarding/license/lic-1/account/aws';
const summaryPath = '/audit/license/lic-1/account/acc-1/job/job-1/benchmark/CISAWS140/summary';
const json = { 'content-type': 'application/json' };
const licenseHeaders = { ...json, authorization: 'Bearer placeholder' };
const accountHeaders = { authorization: 'Bearer placeholder', 'ocp-apim-subscription-key': 'placeholder' };
const awsBody = { AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' };
const onboarded = { result: { accountId: 'acc-1', jobId: 'job-1' }, statusCode: 200, message: 'Request Successful' };
const awsSample = JSON.parse(readFileSync('samples/aws-cis.json', 'utf8')) as { result: Record<string, unknown>[] };

/** An exchange; by default a valid AWS onboarding and its success. */
function exchange(
  request: Partial<Exchange['request']> & { path?: string } = {},
  response: Partial<Exchange['response']> = {},
): Exchange {
  const { path = onboardingPath, ...rest } = request;
  return {
    request: { method: 'POST', url: `${base}${path}`, headers: licenseHeaders, body: awsBody, ...rest },
    response: { status: 200, headers: json, body: onboarded, ...response },
  };
}

const withoutField = <T extends object>(value: T, field: keyof T): Partial<T> => {
  const copy = { ...value };
  delete copy[field];
  return copy;
};

describe('the conformance checks reject what the document does not allow', () => {
  it('accepts the valid exchange the cases below spoil, so that each problem is the spoiling one', () => {
    expect(service.checkExchange(exchange())).toEqual([]);
    expect(
      service.checkExchange(
        exchange({ method: 'GET', path: summaryPath, headers: accountHeaders, body: undefined }, { body: awsSample }),
      ),
    ).toEqual([]);
  });

  it.each([
    {
      name: 'an undocumented path',
      exchange: exchange({ path: '/onboarding/license/lic-1/account/gcp' }),
      expected: /no path of the document matches/,
    },
    {
      name: 'an undocumented method',
      exchange: exchange({ method: 'GET', body: undefined }),
      expected: /no GET operation at \/onboarding\/license\/\{license_id\}\/account\/aws \(only POST\)/,
    },
    {
      name: 'a request body missing a field',
      exchange: exchange({ body: withoutField(awsBody, 'AWSRoleName') }),
      expected: /request body: must have required property 'AWSRoleName'/,
    },
    {
      name: 'a field of the wrong type',
      exchange: exchange({ body: { ...awsBody, AWSAccountId: 123456789012 } }),
      expected: /request body \/AWSAccountId: must be string/,
    },
    { name: 'no request body', exchange: exchange({ body: undefined }), expected: /request body is missing/ },
    {
      name: 'a request body that is not JSON',
      exchange: exchange({ body: undefined, bodyNotJson: true }),
      expected: /request body is not JSON/,
    },
    {
      name: 'a request body of another media type',
      exchange: exchange({ headers: { ...licenseHeaders, 'content-type': 'text/plain' } }),
      expected: /content type "text\/plain" is not documented/,
    },
    {
      name: 'no bearer token',
      exchange: exchange({ headers: json }),
      expected: /no security requirement is met: Authorization bearer credentials \(licenseToken\)/,
    },
    {
      name: 'a bearer token without the API key',
      exchange: exchange(
        { method: 'GET', path: summaryPath, headers: { authorization: 'Bearer placeholder' }, body: undefined },
        { body: awsSample },
      ),
      expected: /header Ocp-Apim-Subscription-Key \(subscriptionKey\)/,
    },
    {
      name: 'an undocumented query parameter',
      exchange: exchange({ path: `${onboardingPath}?dryRun=1` }),
      expected: /query parameter dryRun is not documented/,
    },
    {
      name: 'a success without the job id',
      exchange: exchange({}, { body: { ...onboarded, result: { accountId: 'acc-1' } } }),
      expected: /response 200 body \/result: must have required property 'jobId'/,
    },
    {
      name: 'a success without the message',
      exchange: exchange({}, { body: withoutField(onboarded, 'message') }),
      expected: /response 200 body: must have required property 'message'/,
    },
    {
      name: 'an error envelope with a result',
      exchange: exchange({}, { status: 401, body: { result: {}, statusCode: 401, message: 'no' } }),
      expected: /response 401 body \/result: must be null/,
    },
    {
      name: 'a success without a body',
      exchange: exchange({}, { body: undefined }),
      expected: /response 200 body is missing/,
    },
    {
      name: 'a response that is not JSON',
      exchange: exchange(
        {},
        { status: 502, headers: { 'content-type': 'text/html' }, body: undefined, bodyNotJson: true },
      ),
      expected: /content type "text\/html" is not documented/,
    },
    {
      name: 'a summary whose report lacks a field of the report schema',
      exchange: exchange(
        { method: 'GET', path: summaryPath, headers: accountHeaders, body: undefined },
        { body: { ...awsSample, result: [withoutField(awsSample.result[0]!, 'BenchmarkId')] } },
      ),
      expected: /response 200 body \/result\/0: must have required property 'BenchmarkId'/,
    },
  ])('rejects $name', ({ exchange: spoiled, expected }) => {
    const problems = service.checkExchange(spoiled);
    expect(problems).toContainEqual(expect.stringMatching(expected));
  });

  it('rejects a status that an operation without a default response does not document', () => {
    const document = JSON.parse(readFileSync('schema/service.openapi.json', 'utf8')) as OpenApiDocument & {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    delete document.paths['/onboarding/license/{license_id}/account/aws']!.post.responses['default'];
    const strict = createConformance(document, 'https://cspm-report.dev/schema/service.openapi.json');
    expect(strict.checkExchange(exchange())).toEqual([]);
    expect(
      strict.checkExchange(exchange({}, { status: 503, body: { result: null, statusCode: 503, message: 'down' } })),
    ).toEqual(['POST /onboarding/license/{license_id}/account/aws: response 503 is not documented (documented: 200)']);
  });
});
