/**
 * Drives the development identity provider's sign-in form over plain HTTP, as a browser would: follows the
 * redirects from `startUrl` (an app's login route or the provider's authorization URL) with a cookie jar, fills
 * the form with `email` and `password`, and stops at the first redirect that leaves the provider's origin.
 * Returns that URL (for an app's callback: `...?code=...&state=...`), plus the cookies the other origins set.
 */
export interface SignInResult {
  /** The first URL outside the provider that the flow was redirected to (not requested). */
  redirectedTo: string;
  /** The status of the sign-in form post when it did not redirect (wrong password: 401). */
  formStatus?: number;
  /** Cookies set by non-provider origins along the way, as `name=value` pairs. */
  appCookies: string[];
}

const MAX_HOPS = 20;

export async function signInOverHttp(options: {
  startUrl: string;
  issuer: string;
  email: string;
  password: string;
}): Promise<SignInResult> {
  const providerOrigin = new URL(options.issuer).origin;
  const jar = new Map<string, Map<string, string>>();
  const cookieHeader = (url: string) =>
    [...(jar.get(new URL(url).origin) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (url: string, response: Response) => {
    const origin = new URL(url).origin;
    const cookies = jar.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    jar.set(origin, cookies);
  };
  const appCookies = () => [...jar.entries()].filter(([o]) => o !== providerOrigin).flatMap(([, c]) => [...c].map(([k, v]) => `${k}=${v}`));

  let url = options.startUrl;
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(url) },
    });
    remember(url, response);
    const location = response.headers.get('location');
    if (location) {
      await response.body?.cancel();
      const next = new URL(location, url).toString();
      if (new URL(next).origin !== providerOrigin) return { redirectedTo: next, appCookies: appCookies() };
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (init.method === 'POST' || !action || response.status !== 200) {
      throw Object.assign(new Error(`sign-in stopped at ${url} with ${response.status}`), {
        result: { redirectedTo: '', formStatus: response.status, appCookies: appCookies() } satisfies SignInResult,
      });
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: options.email, password: options.password }).toString(),
    };
  }
  throw new Error(`sign-in did not leave the provider after ${MAX_HOPS} redirects`);
}
