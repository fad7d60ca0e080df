/**
 * The legacy and lead sign-up links of the test server, with their keys, as the dev tools list
 * them (GET /api/v1/dev/signup-links): an id alone opens nothing (server/domain/signup/signup-links.ts).
 */
export async function signupLink(url: (path: string) => string, id: string): Promise<string> {
  const res = await fetch(url('/api/v1/dev/signup-links'));
  const { links } = (await res.json()) as { links: { id: string; link: string }[] };
  const found = links.find((l) => l.id === id);
  if (!found) throw new Error(`no open sign-up link for ${id}`);
  return found.link;
}
