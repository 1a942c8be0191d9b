/**
 * An HTTP answer as the code builds, scripts or observes it: what a handler or the mock engine
 * returns, what a webhook receiver answers, what the suite saw. The one name for it.
 */
export interface HttpAnswer<Body = unknown, Status extends number = number> {
  status: Status;
  headers?: Record<string, string>;
  body?: Body;
}
