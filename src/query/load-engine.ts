import { CspmError } from '../error/cspm-error.js';

/** The optional package that runs SQL: installed beside the tool only by those who query. */
export const enginePackage = '@duckdb/node-api';

/** The engine's module, typed by the package when it is installed. */
export type Engine = typeof import('@duckdb/node-api');

/**
 * Loads the SQL engine. It is an optional dependency imported here only, when a query
 * runs, so that no other command loads (or needs) its native library; when it is
 * missing, or its native part does not load on this platform, the error says how to
 * add it in one line.
 *
 * @throws CspmError `query-engine-missing`
 */
export async function loadEngine(): Promise<Engine> {
  try {
    // A literal specifier: the type comes from the package, and the CLI's bundler sees it
    // and keeps it external (scripts/bundle-cli.js), a dynamic import of its own chunk.
    return await import('@duckdb/node-api');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    const reason = missing ? 'not found' : firstLine(error instanceof Error ? error.message : String(error));
    const detail = missing
      ? `query needs the optional package ${enginePackage}; add it with: npm install ${enginePackage}`
      : `${enginePackage} did not load (${reason}); reinstall it with: npm install ${enginePackage}`;
    throw new CspmError('query-engine-missing', detail, { cause: error, data: { package: enginePackage, reason } });
  }
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? text;
}
