import type { SecurityRequirement, SecurityScheme } from './openapi-operations.js';

/**
 * What a request lacks of an operation's `security`: nothing when one alternative is met
 * whole, else one message listing what each alternative needs. Only the presence and form
 * of the credentials is checked; whether a token is the right one is the service's answer.
 * Messages name headers and schemes, never a value.
 */
export function checkSecurity(
  requirements: SecurityRequirement[],
  schemes: Record<string, SecurityScheme>,
  headers: Record<string, string>,
  query: URLSearchParams,
): string[] {
  if (requirements.length === 0) return [];
  const unmet = requirements.map((requirement) =>
    Object.keys(requirement).flatMap((name) => lacking(name, schemes[name], headers, query)),
  );
  if (unmet.some((problems) => problems.length === 0)) return [];
  return [`no security requirement is met: ${unmet.map((problems) => problems.join(' and ')).join('; or ')}`];
}

/** What the request lacks of one scheme: empty when it carries it. */
function lacking(
  name: string,
  scheme: SecurityScheme | undefined,
  headers: Record<string, string>,
  query: URLSearchParams,
): string[] {
  if (!scheme) return [`scheme ${name} is not in components.securitySchemes`];
  if (scheme.type === 'http') {
    const expected = (scheme.scheme ?? '').toLowerCase();
    const [given, credentials] = (headers['authorization'] ?? '').split(/\s+/);
    const met = given?.toLowerCase() === expected && credentials !== undefined && credentials !== '';
    return met ? [] : [`Authorization ${expected} credentials (${name})`];
  }
  if (scheme.type === 'apiKey' && scheme.name !== undefined) {
    const value =
      scheme.in === 'header'
        ? headers[scheme.name.toLowerCase()]
        : scheme.in === 'query'
          ? query.get(scheme.name)
          : undefined;
    return value ? [] : [`${scheme.in} ${scheme.name} (${name})`];
  }
  return [`scheme ${name} of type ${scheme.type} cannot be checked here`];
}
