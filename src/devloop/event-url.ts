/** What stands for the event's name in a `--to` or `--forward-to` URL. */
const EVENT = '{event}';

/**
 * A URL template with `{event}` replaced by an event's name (encoded as a path segment): a v0 or
 * baseline payload does not name its event (VER-08), the URL it is sent to can. Undefined when
 * the result is no http(s) URL.
 */
export function eventUrl(template: string, event: string): URL | undefined {
  const text = template.replaceAll(EVENT, encodeURIComponent(event));
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return undefined;
  return new URL(text);
}
