// The name a visitor enters a meeting with unless they type another: the flat screen's pre-join card starts with it,
// and the in-world join (a handed-over meeting, where the wearer cannot see that card) enters with it. One rule for
// both, so a signed-in visitor is named as their account names them elsewhere, not by their username. Pure.
import { accountDisplayName } from '../../protocol/accountDisplayName.ts';
import { handoffName } from './handoffName.ts';

export interface JoinNameSources {
  /** The name given for the call that became this meeting (the tour ring's answered call, in the world). */
  called?: string | null;
  /** The name the visitor last used in a meeting on this device (kept with consent). */
  remembered: string | null;
  /** The meeting's name for its host, on the host's own link. */
  hostName?: string | null;
  /** The signed-in account, null for a visitor without one. */
  account: { name: string | null; username: string } | null;
}

/** The first usable of the call's name, the remembered one, the host's, the account's display name; else `fallback`. */
export function joinName(sources: JoinNameSources, fallback: string): string {
  const { called, remembered, hostName, account } = sources;
  return handoffName([called, remembered, hostName, account ? accountDisplayName(account) : null], fallback);
}
