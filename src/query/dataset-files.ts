import { lstat, readdir, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CspmError } from '../error/cspm-error.js';
import { datasetTables, partitionColumns, type DatasetTable } from '../model/dataset-columns.js';

/** Where a dataset's tables are: each table's Parquet files, real paths. */
export interface DatasetFiles {
  /** The folder or file given, as given. */
  path: string;
  /** `folder`: Hive-partitioned folders per table; `file`: one file per table (`x.parquet`, `x.figures.parquet`). */
  layout: 'folder' | 'file';
  tables: Record<DatasetTable, string[]>;
}

const tableNames = Object.keys(datasetTables) as DatasetTable[];
const partitionNames = partitionColumns.map((column) => column.name);

function invalid(path: string, why: string): CspmError {
  return new CspmError('dataset-invalid', `${path}: ${why}`, { data: { path } });
}

/**
 * Finds the tables of a dataset: a folder laid out as `policies/scan_date=…/benchmark=…/
 * part-….parquet` (and `figures/…` alike), or one Parquet file of policies (`x.parquet`,
 * its figures beside it as `x.figures.parquet`, and either may be named).
 *
 * Fails closed: a folder that holds no table, a Parquet file outside the partition
 * folders, or a symbolic link inside the dataset (which could lead a query to a file
 * outside it) stops the run with the path named. Names starting with `.` or `_` are
 * left out, as Hive readers leave them (a writer's temporary files, `_SUCCESS`).
 *
 * @throws CspmError `input-not-found`, `dataset-invalid`
 */
export async function findDatasetFiles(path: string): Promise<DatasetFiles> {
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined) throw new CspmError('input-not-found', path, { data: { path } });
  const real = await realpath(path);
  if (info.isDirectory() || (info.isSymbolicLink() && (await lstat(real)).isDirectory()))
    return findFolderTables(path, real);
  if (!real.endsWith('.parquet')) throw invalid(path, 'neither a dataset folder nor a .parquet file');
  return findFileTables(path, real);
}

async function findFolderTables(path: string, root: string): Promise<DatasetFiles> {
  const tables = { policies: [], figures: [] } as Record<DatasetTable, string[]>;
  for (const table of tableNames) tables[table] = await partitionFiles(path, join(root, table), 0);
  if (tableNames.every((table) => tables[table].length === 0)) {
    throw invalid(
      path,
      `holds no dataset: no *.parquet file under ${tableNames.map((table) => `${table}/`).join(' or ')}`,
    );
  }
  return { path, layout: 'folder', tables };
}

/** The Parquet files below one table's folder, each at the depth of the partition folders. */
async function partitionFiles(path: string, folder: string, depth: number): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (depth === 0 && error.code === 'ENOENT') return [];
    throw new CspmError('input-unreadable', `${folder} (${error.code ?? error.message})`, {
      cause: error,
      data: { path: folder },
    });
  });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const at = join(folder, entry.name);
    if (entry.isSymbolicLink())
      throw invalid(path, `${at} is a symbolic link; a dataset is read from its own files only`);
    if (entry.isDirectory()) {
      const partition = partitionNames[depth];
      if (partition === undefined || !entry.name.startsWith(`${partition}=`))
        throw invalid(
          path,
          `${at} is not a ${partitionNames[depth] ?? 'file'}${partition ? '=… folder' : ''} where the layout has one`,
        );
      files.push(...(await partitionFiles(path, at, depth + 1)));
    } else if (entry.isFile() && entry.name.endsWith('.parquet')) {
      if (depth !== partitionNames.length)
        throw invalid(path, `${at} is not inside ${partitionNames.map((name) => `${name}=…/`).join('')} folders`);
      files.push(at);
    }
  }
  return files;
}

async function findFileTables(path: string, real: string): Promise<DatasetFiles> {
  const figuresSuffix = '.figures.parquet';
  const stem = real.endsWith(figuresSuffix) ? real.slice(0, -figuresSuffix.length) : real.slice(0, -'.parquet'.length);
  const candidates: Record<DatasetTable, string> = { policies: `${stem}.parquet`, figures: `${stem}${figuresSuffix}` };
  const tables = { policies: [], figures: [] } as Record<DatasetTable, string[]>;
  for (const table of tableNames) {
    const file = candidates[table];
    const info = await lstat(file).catch(() => undefined);
    if (info?.isFile()) tables[table] = [file];
  }
  if (!tables.policies.includes(real) && !tables.figures.includes(real)) throw invalid(path, `not a regular file`);
  return { path, layout: 'file', tables };
}

/** The folder a table's files were looked for in, for messages about a table the dataset lacks. */
export function tablePlace(files: DatasetFiles, table: DatasetTable): string {
  if (files.layout === 'folder') return `${join(files.path, table)}/`;
  const stem = basename(files.path).replace(/(\.figures)?\.parquet$/, '');
  return join(dirname(files.path), table === 'policies' ? `${stem}.parquet` : `${stem}.figures.parquet`);
}
