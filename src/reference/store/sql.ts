import Database from 'libsql';

/** A value a statement binds: the store writes text, numbers and NULL only. */
export type SqlValue = string | number | null;

/** A statement with its positional arguments. */
export interface SqlStatement {
  sql: string;
  args: readonly SqlValue[];
}

/** What a statement gave: the rows it returned (a query, `RETURNING`), the rows it changed. */
export interface SqlResult {
  /** Each row by its column names. */
  rows: Array<Record<string, unknown>>;
  rowsAffected: number;
}

/** The store's connection to its one file. */
export interface Sql {
  execute(statement: SqlStatement | string): Promise<SqlResult>;
  /** The statements in one write transaction: all of them or none. */
  batch(statements: readonly SqlStatement[]): Promise<SqlResult[]>;
  /** Statements without arguments, separated by semicolons (the schema). */
  executeMultiple(sql: string): Promise<void>;
  close(): void;
}

/**
 * Opens the store's file with libsql's embedded engine. Each statement's text is prepared once
 * and kept: the store's statements are constants of its code (a closed set of about twenty), and
 * preparing each again cost more than running it (a run of the fault catalogue sends 13,000).
 */
export function openSql(path: string): Sql {
  const db = new Database(path);
  const prepared = new Map<string, ReturnType<typeof db.prepare>>();
  const run = (statement: SqlStatement | string): SqlResult => {
    const { sql, args } = typeof statement === 'string' ? { sql: statement, args: [] } : statement;
    let stmt = prepared.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      prepared.set(sql, stmt);
    }
    // One array argument binds positionally; spread, a lone NULL would read as named parameters.
    if (stmt.reader) return { rows: stmt.all([...args]) as SqlResult['rows'], rowsAffected: 0 };
    return { rows: [], rowsAffected: stmt.run([...args]).changes };
  };
  const inTransaction = db.transaction((statements: readonly SqlStatement[]) =>
    statements.map(run),
  );
  return {
    execute: async (statement) => run(statement),
    batch: async (statements) => inTransaction.immediate(statements),
    executeMultiple: async (sql) => void db.exec(sql),
    close: () => db.close(),
  };
}
