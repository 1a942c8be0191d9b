import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/**
 * What every page of the docs site is sent with: no MIME sniffing, never framed (clickjacking),
 * and a policy that lets the pages run only their own inline bundle (Redoc renders in the page,
 * its search in a blob worker) and load nothing from elsewhere.
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

/** Serves the built site from `dir` with SITE_HEADERS on every answer. */
export function serveSite(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const site = sirv(dir, {
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(SITE_HEADERS)) res.setHeader(name, value);
    },
  });
  return (req, res) => site(req, res);
}
