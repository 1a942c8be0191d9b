import type { OutgoingRequest } from './outgoing-request.js';

/**
 * The headers a request goes out with: the caller's (names lower-cased), and what fetch added and
 * the checks were written against, so a verdict does not change with the transport: `Accept: *\/*`
 * unless given, `text/plain;charset=UTF-8` for a body sent without a content type, and a zero
 * `Content-Length` for a POST or PUT without a body. No `Accept-Encoding`: answers come as they are.
 */
export function requestHeaders(method: string, { headers = {}, body }: OutgoingRequest) {
  // Null-prototype: a header named `__proto__` is a header, not the object's prototype.
  const sent: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) sent[name.toLowerCase()] = value;
  sent.accept ??= '*/*';
  if (body !== undefined) {
    sent['content-type'] ??= 'text/plain;charset=UTF-8';
    sent['content-length'] = String(Buffer.byteLength(body));
  } else if (method === 'POST' || method === 'PUT') sent['content-length'] = '0';
  return sent;
}
