// A console page built on @platform/client, as a front-end team writes one: take the login hand-off out of the
// address, call recruiting through the edge, and show an error's code. libs/client/test/vite-consumer.browser.spec.ts
// builds this project with Vite from the packed client and drives it in Chromium.
import { ApiError, createRecruitingClient, takeLoginHandoff } from '@platform/client';

/** The edge, fixed at build time (`VITE_PLATFORM_API=https://localhost:8443 npx vite build`). */
const api: string = import.meta.env.VITE_PLATFORM_API ?? 'https://localhost:8443';

const show = (id: string, text: string): void => {
  document.getElementById(id)!.textContent = text;
};

async function main(): Promise<void> {
  let refreshes = 0;
  const auth = takeLoginHandoff({
    baseUrl: api,
    onTokens: () => show('refreshes', String(++refreshes)),
    onSignedOut: () => show('status', 'signed out: sign in again'),
  });
  show('address', location.href);
  if (!auth) {
    show('status', 'not signed in');
    return;
  }
  const recruiting = createRecruitingClient({ baseUrl: api, auth });
  const projectId = Number(new URLSearchParams(location.search).get('project') ?? '1');

  // Three calls at once: an expired access token is refreshed once, and all three wait for that one refresh.
  const [me, candidates] = await Promise.all([
    recruiting.GET('/api/v1/auth/me'),
    recruiting.GET('/api/v1/projects/{projectId}/candidates', { params: { path: { projectId }, query: { limit: 50 } } }),
    recruiting.GET('/api/v1/projects'),
  ]);
  show('me', `${me.data!.data.name} <${me.data!.data.email}>`);
  const list = document.getElementById('candidates')!;
  for (const row of candidates.data!.data) {
    const item = document.createElement('li');
    item.textContent = `${row.candidate.name} (${row.status})`;
    list.append(item);
  }

  // Every failure is thrown as an ApiError carrying the service's code.
  try {
    await recruiting.GET('/api/v1/projects/{projectId}', { params: { path: { projectId: 2_147_483_647 } } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    show('error', `${error.status} ${error.code}`);
  }
  show('status', 'done');
}

main().catch((error: unknown) => show('status', `failed: ${String(error)}`));
