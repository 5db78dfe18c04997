/** The wallet gave no account to sign with. */
export class NoAccountError extends Error {
  override name = 'NoAccountError';
}
