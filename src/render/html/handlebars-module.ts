import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';

const require = createRequire(import.meta.url);
let runtime: typeof Handlebars | undefined;
let compiler: typeof Handlebars | undefined;

/**
 * The file of handlebars' runtime: the one-file build that handlebars publishes beside
 * its modules (the same code), loaded in a third of the time of `handlebars/runtime`'s
 * twenty-one modules, which was half of what a trend page's templates cost a run.
 */
export const runtimeFile = 'handlebars/dist/handlebars.runtime.js';

/**
 * Handlebars' runtime, loaded on first use rather than on import: `check` runs never pay
 * for it. It renders the built-in templates, which are precompiled; it has no compiler
 * (its type is the whole module's, of which it lacks `compile` and `parse`).
 */
export function handlebarsRuntime(): typeof Handlebars {
  runtime ??= require(runtimeFile) as typeof Handlebars;
  return runtime;
}

/** The whole of handlebars, with its compiler: loaded only for a caller's own templates. */
export function handlebarsCompiler(): typeof Handlebars {
  compiler ??= require('handlebars') as typeof Handlebars;
  return compiler;
}
