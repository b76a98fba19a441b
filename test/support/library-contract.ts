import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Contract tests of the library internals the renderers rely on. Each check names a
 * member by its path from an object the library made (`_font.encode` of a document),
 * the kind of value the code expects there and, for a function, how many parameters it
 * declares. When an upgrade removes or reshapes one, the test says which, in which
 * version, and which module of ours to re-check.
 */

/** What a contract is about: the library and the one module of ours that reaches into it. */
export interface Library {
  /** The package name. */
  name: string;
  /** Our module that holds every access to its internals. */
  module: string;
}

/** The kinds of value a check expects. */
export type Kind = 'function' | 'object' | 'array' | 'string' | 'number' | 'boolean';

/** One member the code relies on. */
export interface MemberCheck<Root> {
  /** How the member reads in the message: `PDFDocument#_font.encode`. */
  name: string;
  /** Builds the object the path starts from. */
  root: () => Root | Promise<Root>;
  /** Property names from the root to the member. */
  path: readonly string[];
  kind: Kind;
  /** For a function: the parameters it declares (`Function.length`). */
  arity?: number;
}

const require = createRequire(import.meta.url);

/** The installed version of a package (its package.json, found beside its entry). */
export function installedVersion(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (manifest.name === name) return manifest.version;
    } catch {
      // no package.json at this level: go up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${name} above its entry`);
    dir = parent;
  }
}

/** The version range package.json asks for `name`, in whichever dependency list holds it. */
export function declaredRange(name: string): string | undefined {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  return manifest.dependencies?.[name] ?? manifest.devDependencies?.[name] ?? manifest.optionalDependencies?.[name];
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function describeKind(kind: Kind, arity: number | undefined): string {
  const article = kind === 'array' || kind === 'object' ? 'an' : 'a';
  return arity === undefined
    ? `${article} ${kind}`
    : `${article} ${kind} of ${arity} parameter${arity === 1 ? '' : 's'}`;
}

/** The message of a broken contract: the library and its version, the member, and what to re-check. */
export function brokenMessage(library: Library, member: string, expected: string, found: string): string {
  return `${library.name} ${installedVersion(library.name)}: ${member} is no longer ${expected} (found ${found}); ${library.module} relies on it — re-check before upgrading`;
}

/**
 * Undefined when the member at `path` of `root` has the expected kind and arity, else the message saying what changed.
 */
export function checkMember(
  library: Library,
  check: Omit<MemberCheck<unknown>, 'root'>,
  root: unknown,
): string | undefined {
  let value: unknown = root;
  for (const key of check.path)
    value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
  const expected = describeKind(check.kind, check.arity);
  const found = kindOf(value);
  if (found !== check.kind) return brokenMessage(library, check.name, expected, found);
  if (check.arity !== undefined && (value as (...args: unknown[]) => unknown).length !== check.arity) {
    return brokenMessage(
      library,
      check.name,
      expected,
      `a function of ${(value as (...args: unknown[]) => unknown).length}`,
    );
  }
  return undefined;
}

/**
 * A view of `root` in which the member at `path` reads as undefined, the rest as it
 * was: each object on the path is shadowed by one that inherits from it.
 */
export function withoutMember(root: unknown, path: readonly string[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined || root === null || (typeof root !== 'object' && typeof root !== 'function')) return undefined;
  const shadow = Object.create(root as object) as Record<string, unknown>;
  Object.defineProperty(shadow, key, {
    value: rest.length === 0 ? undefined : withoutMember((root as Record<string, unknown>)[key], rest),
  });
  return shadow;
}

/**
 * The contract tests of one library: the package is pinned to an exact version, each
 * member is there as the code uses it, and each check fails, with its message, on an
 * object where its member is gone (so that none of them passes whatever it is given).
 */
export function memberContract<Root>(library: Library, checks: readonly MemberCheck<Root>[]): void {
  it(`pins ${library.name} to an exact version`, () => {
    const range = declaredRange(library.name);
    expect(range, `${library.name} is not a dependency`).toBeDefined();
    expect(
      range,
      `${library.name} must be pinned to an exact version: ${library.module} relies on its internals`,
    ).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedVersion(library.name), `the installed ${library.name} is not the pinned one: run npm ci`).toBe(
      range,
    );
  });
  it.for(checks)('relies on $name', async (check) => {
    const message = checkMember(library, check, await check.root());
    if (message !== undefined) expect.fail(message);
  });
  it.for(checks)('says so when $name is gone', async (check) => {
    const message = checkMember(library, check, withoutMember(await check.root(), check.path));
    expect(message).toBe(brokenMessage(library, check.name, describeKind(check.kind, check.arity), 'undefined'));
  });
}
