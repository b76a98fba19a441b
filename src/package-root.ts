/**
 * The root folder of the installed package, where templates/, schema/ and
 * package.json live. This file sits one level below it both as src/package-root.ts
 * and as dist/package-root.js, and the bundled command line (dist/cspm-report*.js)
 * is built one level down too, so one relative URL serves them all.
 */
export const packageRoot = new URL('../', import.meta.url);
