/**
 * One finding, whoever found it: a conformance check, the response rules the proxy and the suite
 * share, the request rules of the front, or the webhook parser. Every validator and every check
 * returns a list of these and never throws; only the CLI turns them into an exit code.
 */
export interface Diagnostic {
  /**
   * What was found, stable for programs: a check's id (`dlv-05-retry-headers`) or a validator's
   * rule (`content_type`, `undocumented_status`, `invalid_payload`).
   */
  rule: string;
  /** The requirement of docs/REQUIREMENTS.md it concerns (`DLV-05`), where one applies. */
  requirement?: string;
  severity: 'error' | 'warning';
  message: string;
  /** Where: `status`, `header Service-Version`, `body/webhooks/0/id`, `payload/data/id`. */
  location?: string;
  /** The dated version the finding was made at, where it was made at one. */
  version?: string;
  expected?: unknown;
  actual?: unknown;
  /**
   * The reading of docs/REQUIREMENTS.md the finding rests on, where the specification implies the
   * rule rather than states it: such a finding is a warning unless the profile opts into it.
   */
  reading?: string;
  /** The request the finding is about and the answer it got, as sent and seen (no credentials). */
  exchange?: Exchange;
}

/** A request and its answer as a report shows them: enough to send it again, no credentials. */
export interface Exchange {
  /** Absent where the answer came another way than a request the suite made itself. */
  request?: {
    method: string;
    path: string;
    /** The headers sent, credentials replaced (`Bearer [redacted]`). */
    headers?: Record<string, string>;
    body?: string;
    /** The URL `path` is under: the profile's baseUrl, or its authUrl for OAuth paths. */
    base?: string;
    /** What the hidden bearer token stands for (credential-name.ts), where one was sent. */
    credential?: string;
  };
  answer?: { status: number; body?: unknown };
}

/** The parts of a diagnostic other than its rule and message; an error unless it says otherwise. */
export type DiagnosticDetails = Partial<Omit<Diagnostic, 'rule' | 'message'>>;

/** One diagnostic: the single way to build one, so every finding has the same shape. */
export function diagnostic(
  rule: string,
  message: string,
  details: DiagnosticDetails = {},
): Diagnostic {
  return { rule, message, ...details, severity: details.severity ?? 'error' };
}
