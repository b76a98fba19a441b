import { describe, expect, it } from 'vitest';
import { bundleOpenApi } from '../../src/validate/bundle-openapi.js';

const schema = {
  $defs: {
    count: { type: 'integer', minimum: 0 },
    item: { type: 'object', properties: { n: { $ref: '#/$defs/count' } } },
    list: { type: 'array', items: { $ref: '#/$defs/item' } },
    unused: { type: 'string' },
  },
};
const document = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Response: {
        properties: { result: { $ref: 'report.json#/$defs/list' }, other: { $ref: '#/components/schemas/Other' } },
      },
      Other: { type: 'null' },
    },
  },
};

describe('bundleOpenApi', () => {
  it('copies the definitions a reference reaches, transitively, under components with local references', () => {
    expect(bundleOpenApi(document, { name: 'report.json', schema })).toEqual({
      openapi: '3.1.0',
      components: {
        schemas: {
          Response: {
            properties: {
              result: { $ref: '#/components/schemas/List' },
              other: { $ref: '#/components/schemas/Other' },
            },
          },
          Other: { type: 'null' },
          List: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          Item: { type: 'object', properties: { n: { $ref: '#/components/schemas/Count' } } },
          Count: { type: 'integer', minimum: 0 },
        },
      },
    });
  });

  it('leaves the document as it is when nothing refers to the schema, and changes neither input', () => {
    const copy = structuredClone(document);
    expect(bundleOpenApi(document, { name: 'other.json', schema })).toEqual(document);
    expect(document).toEqual(copy);
  });

  it('refuses a reference to a definition the schema lacks, and a component name already taken', () => {
    expect(() => bundleOpenApi({ a: { $ref: 'report.json#/$defs/nope' } }, { name: 'report.json', schema })).toThrow(
      'report.json#/$defs/nope names no definition of report.json',
    );
    const taken = { a: { $ref: 'report.json#/$defs/count' }, components: { schemas: { Count: {} } } };
    expect(() => bundleOpenApi(taken, { name: 'report.json', schema })).toThrow(
      'the component Count of report.json#/$defs/count is already taken',
    );
  });
});
