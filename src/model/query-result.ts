/**
 * The result of a SQL query over a posture dataset (`cspm-report query`), as the output
 * formats take it: engine-neutral values, delivered in batches so that a result of
 * millions of rows is never held whole.
 */

/**
 * One value of a result. Whole numbers are numbers while they are exact in a double,
 * else their decimal text; timestamps are ISO 8601 text (UTC), dates YYYY-MM-DD; lists
 * and structs are arrays and objects of the same.
 */
export type QueryValue = null | boolean | number | string | QueryValue[] | { [key: string]: QueryValue };

/** One column of a result. */
export interface QueryColumn {
  /** Its name, made unique within the result as the engine does it (`a`, `a:1`). */
  name: string;
  /** Its SQL type as the engine names it (`BIGINT`, `VARCHAR`, `TIMESTAMP`). */
  type: string;
  /** True for a numeric type: its text (an exact BIGINT included) is a number, never a formula. */
  numeric: boolean;
}

/** A result: its columns, then its rows in batches, each row a value per column. */
export interface QueryResult {
  columns: QueryColumn[];
  rows: AsyncIterable<QueryValue[][]>;
}
