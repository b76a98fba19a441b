import { describe, expect, it } from 'vitest';
import { routes } from '../../src/serve/routes/routes.js';
import { createServiceConformance } from '../support/openapi-conformance.js';

const { operations } = createServiceConformance();

/** A route or an operation as `METHOD /path/{}/…`: the emulator writes `:licenseId`, the document `{license_id}`. */
const shapeOfRoute = (method: string, pattern: string) => `${method} ${pattern.replace(/:[^/]+/g, '{}')}`;
const shapeOfOperation = (method: string, template: string) => `${method} ${template.replace(/\{[^}]+\}/g, '{}')}`;

/** The emulator's name of a document parameter: `license_id` → `licenseId`. */
const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("the emulator's routes and the document's operations", () => {
  it('are the same endpoints, each served once', () => {
    const served = routes.map((route) => shapeOfRoute(route.method, route.pattern));
    const documented = operations.map(({ method, template }) => shapeOfOperation(method, template));
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it.each(
    routes.map((route) => ({
      route: `${route.method} ${route.pattern}`,
      method: route.method,
      pattern: route.pattern,
    })),
  )('$route names its path parameters as the document does', ({ method, pattern }) => {
    const operation = operations.find(
      (found) => shapeOfOperation(found.method, found.template) === shapeOfRoute(method, pattern),
    );
    const documentedNames = [...(operation?.template.matchAll(/\{([^}]+)\}/g) ?? [])].map((match) =>
      camelCase(match[1]!),
    );
    expect(operation?.template).toBeDefined();
    expect([...pattern.matchAll(/:([^/]+)/g)].map((match) => match[1])).toEqual(documentedNames);
  });
});
