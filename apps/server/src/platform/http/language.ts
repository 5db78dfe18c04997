import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, type Language } from '@wallx/shared';

export function requestLanguage(request: FastifyRequest): Language {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}
