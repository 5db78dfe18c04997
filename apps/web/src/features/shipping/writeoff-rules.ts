import { errorCatalog, normalizeWriteoffCode, WRITEOFF_CODE_PATTERN } from '@wallx/shared';
import type { MessageKey } from '../../lib/message-key';

export type CodeForm = { code: string };
export type CodeField = 'code';

/** The code a validator typed, as the server reads it: case, spaces and dashes forgiven. */
export function validateCode(form: CodeForm): Partial<Record<CodeField, MessageKey>> {
  const code = normalizeWriteoffCode(form.code);
  if (code === '') return { code: 'shipping.code_required' };
  if (!WRITEOFF_CODE_PATTERN.test(code)) return { code: 'shipping.code_invalid' };
  return {};
}

/** The write-off code a scanned QR code holds, or null when it holds something else. */
export function codeOfScan(text: string): string | null {
  const code = normalizeWriteoffCode(text.trim());
  return WRITEOFF_CODE_PATTERN.test(code) ? code : null;
}

const codeErrors = new Set<number>([
  errorCatalog.writeoff_code_invalid.code,
  errorCatalog.no_permission.code,
  errorCatalog.invalid_params.code,
]);

/** A look-up refused for the code itself (unknown or used, at a point I do not serve, malformed) is shown on the code field. */
export function codeFieldOfError(error: { code: number }): CodeField | undefined {
  return codeErrors.has(error.code) ? 'code' : undefined;
}
