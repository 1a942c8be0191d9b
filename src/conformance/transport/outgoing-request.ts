/** One HTTP request the suite sends to the implementation (or its auth server, or its trigger). */
export interface OutgoingRequest {
  url: string | URL;
  /** `GET` unless given. */
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * How long the whole exchange may take, the answer's body included; 300 s unless given (what
   * fetch waited for an answer's head).
   */
  timeoutMs?: number;
}
