import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { type ShardReport, readReport } from '../conformance/report/read-report.js';
import { UsageError } from './exit-codes.js';

/** Bounds on what `report merge` reads: a JSON report past them is no report of this suite. */
export const MAX_REPORT_BYTES = 64 * 1024 * 1024;
const MAX_REPORT_FILES = 5000;
/** What all the reports of one merge may take together, read into memory. */
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;

/**
 * The reports `report merge` is given: files; directories (their `.json` files); and glob
 * patterns (`reports/shard-*.json` or with `**` for subfolders, for shells that pass them unexpanded), matched by
 * tinyglobby.
 * Each file once, in the order given (a directory's or pattern's files by name).
 */
export async function readReportFiles(inputs: readonly string[]): Promise<ShardReport[]> {
  const files: string[] = [];
  for (const input of inputs) {
    for (const file of await expand(input)) if (!files.includes(file)) files.push(file);
    if (files.length > MAX_REPORT_FILES)
      throw new UsageError(`report merge reads at most ${MAX_REPORT_FILES} reports`);
  }
  const reports: ShardReport[] = [];
  let total = 0;
  for (const file of files) {
    const { json, size } = await readJson(file);
    total += size;
    if (total > MAX_TOTAL_BYTES)
      throw new UsageError(
        `the reports take over ${MAX_TOTAL_BYTES} bytes together, more than report merge reads`,
      );
    const read = readReport(file, json);
    if ('problem' in read) throw new UsageError(read.problem);
    reports.push(read);
  }
  return reports;
}

async function expand(input: string): Promise<string[]> {
  if (isDynamicPattern(input)) {
    const matched = await glob(input, { onlyFiles: true, expandDirectories: false });
    if (matched.length === 0) throw new UsageError(`no file matches ${input}`);
    return matched.sort();
  }
  const found = await stat(input).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${input}: ${error.code ?? error.message}`);
  });
  if (!found.isDirectory()) return [input];
  const reports = (await entries(input)).filter((entry) => entry.endsWith('.json'));
  if (reports.length === 0) throw new UsageError(`${input} holds no .json report`);
  return reports.map((entry) => join(input, entry));
}

async function entries(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${dir}: ${error.code ?? error.message}`);
  });
  return names.sort();
}

async function readJson(file: string): Promise<{ json: unknown; size: number }> {
  const size = await stat(file).then(
    (found) => (found.isFile() ? found.size : -1),
    () => -1,
  );
  if (size < 0) throw new UsageError(`cannot read ${file}: not a file`);
  if (size > MAX_REPORT_BYTES)
    throw new UsageError(
      `${file} is ${size} bytes, over the ${MAX_REPORT_BYTES} a report may have: not a conformance report`,
    );
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  try {
    return { json: JSON.parse(text) as unknown, size };
  } catch {
    throw new UsageError(`${file} is not JSON: not a conformance report`);
  }
}
