import { type ConsentForm, consentForm } from '../../src/conformance/oauth/index.ts';

/** A consent page as a browser holds it: its form, where the form goes, and the cookies it set. */
export interface ConsentPage {
  response: Response;
  form: ConsentForm;
  action: URL;
  cookie: string;
}

/** Opens the authorize URL; throws when the answer is not a page with a form. */
export async function openConsentPage(authorizeUrl: URL | string): Promise<ConsentPage> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await response.text();
  const form = response.status === 200 ? consentForm(html) : undefined;
  if (!form)
    throw new Error(
      `authorize answered ${response.status} without a consent form: ${html.slice(0, 200)}`,
    );
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { response, form, action: new URL(form.action ?? '', authorizeUrl), cookie };
}

/**
 * Posts the page's form as the browser would, with the button pressed (`consent=allow` or `deny`).
 */
export function postConsent(
  page: ConsentPage,
  choice = 'allow',
  { cookie = page.cookie }: { cookie?: string } = {},
): Promise<Response> {
  const fields = new URLSearchParams(page.form.fields);
  fields.set('consent', choice);
  return fetch(page.action, {
    method: 'POST',
    redirect: 'manual',
    body: fields,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
}

/**
 * The reference server's consent as a browser gives it: open the authorize URL, then post the
 * page's form with the cookies the page set. Nothing is followed: the answer to the form is
 * returned, a redirect to the client included.
 */
export async function consentAsBrowser(
  authorizeUrl: URL | string,
  choice = 'allow',
): Promise<Response> {
  return postConsent(await openConsentPage(authorizeUrl), choice);
}
