// Zod-free on purpose: the viewer's meeting chunk and the server both name an account this way.

/**
 * The name an account shows other people (a meeting's host, the guide who answered a call, the default name for
 * joining a meeting): its display name, else its username, for an account that never had one.
 */
export function accountDisplayName(account: { name: string | null; username: string }): string {
  return account.name?.trim() || account.username;
}
