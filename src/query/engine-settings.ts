/**
 * How the engine is shut in before any query runs: it reads the dataset's files and
 * nothing else, writes nothing, and reaches no network. Each setting closes one way out,
 * and the last locks them all, so that a query's own `SET` or `RESET` is refused.
 */

/** A SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Settings given when the engine starts: no extension is installed or loaded on
 * demand (httpfs would reach the network, and installing writes under the home
 * folder), no community extension is allowed; memory is held to the query's limit, and
 * what outgrows it spills into a private folder made for this run (removed after it),
 * never the engine's default of 80 % of the machine's memory.
 *
 * @param memoryLimit      the engine's memory limit (`2GB`)
 * @param temporaryFolder  a fresh folder only this process may read, for spilled data
 */
export function startSettings(memoryLimit: string, temporaryFolder: string): Record<string, string> {
  return {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    allow_community_extensions: 'false',
    allow_unsigned_extensions: 'false',
    memory_limit: memoryLimit,
    temp_directory: temporaryFolder,
  };
}

/**
 * The statements, in order, that close the engine after it started: timestamps shown in
 * UTC whatever the machine's zone; the dataset's files as the only paths open; every
 * other file, directory and URL closed (reads, COPY, ATTACH, EXPORT, INSTALL, LOAD and
 * secrets included); then the configuration locked.
 *
 * @param files the real paths of the dataset's files, the only ones a query may open
 */
export function lockdownStatements(files: readonly string[]): string[] {
  return [
    "SET TimeZone = 'UTC'",
    `SET allowed_paths = [${files.map(sqlString).join(', ')}]`,
    'SET enable_external_access = false',
    'SET lock_configuration = true',
  ];
}
