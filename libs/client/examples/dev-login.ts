import { signInOverHttp } from '@platform/dev-idp';

/**
 * Signs in at recruiting's login as a browser would (the app's redirect, the development identity provider's form,
 * the callback) and answers the address the login lands on: `{frontend}/login?token=...#refreshToken=...`.
 */
export async function loginLanding(baseUrl: string, issuer: string, user: { email: string; password: string }): Promise<string> {
  const { redirectedTo, appCookies } = await signInOverHttp({ startUrl: `${baseUrl}/api/v1/auth/idp`, issuer, ...user });
  // The login cookie the start set: the callback finishes the login only in the browser that started it.
  const callback = await fetch(redirectedTo, { redirect: 'manual', headers: { cookie: appCookies.join('; ') } });
  await callback.body?.cancel();
  const location = callback.headers.get('location');
  if (!location) throw new Error(`the login callback answered ${callback.status} without a redirect`);
  return location;
}
