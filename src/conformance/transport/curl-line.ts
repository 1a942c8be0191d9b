import { REDACTED } from '../../redact.js';

/** A request as every report shows it: its credentials already replaced. */
export interface ShownRequest {
  method: string;
  path: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /** The URL the path is under, where the report knows it. */
  base?: string;
  /** What `$TOKEN` stands for, where the request sent a credential (credential-name.ts). */
  credential?: string;
}

/** Where a report hides a credential: `$TOKEN` (generated cases) or the redaction mark. */
const HIDDEN = new RegExp(`\\$TOKEN|${REDACTED.replace(/[[\]]/g, '\\$&')}`);

/**
 * A `curl` command that sends `request` again, as printed, from a POSIX shell: every argument in
 * single quotes except each hidden credential, which is `"$TOKEN"` between them, so the shell
 * expands it (inside single quotes it would be sent as the six characters `$TOKEN`, and the replay
 * would get 401). `base` is the URL the path is under; without it, `"$BASE_URL"`.
 */
export function curlLine(request: ShownRequest, base?: string): string {
  const parts = ['curl', '-i', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers ?? {}))
    parts.push('-H', argument(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', argument(request.body));
  parts.push(
    base === undefined ? `"$BASE_URL"${quote(request.path)}` : quote(`${base}${request.path}`),
  );
  return parts.join(' ');
}

function argument(value: string): string {
  const shown = value
    .split(HIDDEN)
    .map((piece) => (piece === '' ? '' : quote(piece)))
    .join('"$TOKEN"');
  return shown === '' ? "''" : shown;
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The lines that replay `request` as every report prints them: what `$TOKEN` stands for (a shell
 * comment) where the line hides a credential, then the `curl` line under its own base URL.
 */
export function replayLines(request: ShownRequest, base = request.base): string[] {
  const curl = curlLine(request, base);
  const hides = request.credential !== undefined && curl.includes('"$TOKEN"');
  return [...(hides ? [tokenNote(request.credential!)] : []), curl];
}

/** The comment a replay is printed with: set TOKEN to this credential. */
export const tokenNote = (credential: string): string => `# TOKEN: ${credential}`;
