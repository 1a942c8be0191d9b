import type { HttpAnswer } from '../http-answer.js';

/**
 * A fetch response as the checks read it: its headers by lower-case name, and its body parsed
 * where it is JSON, the text where it is not, nothing where it is empty. `set-cookie`, whose
 * values commas cannot join (a cookie's `Expires` has one), holds one cookie a line.
 */
export async function readAnswer(response: Response): Promise<HttpAnswer<any>> {
  const headers = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies.join('\n');
  const text = await response.text();
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the shape check reports it where the document wants JSON.
  }
  return { status: response.status, headers, body };
}
