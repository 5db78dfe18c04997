/** Where /fpassword sends the user once the password is set (react-router location state). */
export type FundPasswordState = { returnTo?: string };

/** Only paths of this app, so that the state can never send the user elsewhere. */
export function returnPathOf(state: unknown): string | undefined {
  const returnTo = (state as FundPasswordState | null | undefined)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : undefined;
}
