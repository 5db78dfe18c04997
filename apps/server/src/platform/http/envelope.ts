/** The success envelope; errors go through the error handler. */
export function ok<T>(data: T): { code: 0; message: string; data: T } {
  return { code: 0, message: 'ok', data };
}
