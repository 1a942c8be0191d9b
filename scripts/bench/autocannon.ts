import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../src/project-root.ts';

const run = promisify(execFile);

export interface Load {
  requests: number;
  p99: number;
}

interface LoadSpec {
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  seconds: number;
  connections?: number;
}

/**
 * Requests per second and p99 latency of one endpoint under autocannon, run in a second process so
 * the load generator does not share the server's event loop. Any non-2xx answer fails the run.
 */
export async function autocannon(
  url: string,
  { method, body, headers = {}, seconds, connections = 10 }: LoadSpec,
): Promise<Load> {
  const args = [
    join(PROJECT_ROOT, 'node_modules', 'autocannon', 'autocannon.js'),
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    '-m',
    method,
  ];
  if (body) args.push('-b', body, '-H', 'content-type=application/json');
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requests: result.requests.average, p99: result.latency.p99 };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
