const absolutePattern = /^(https?:|data:|blob:|\/\/)/i;
/** Uploaded images are named by the hash of their bytes: their URL never shows other bytes, so it needs no version. */
const contentAddressed = /^\/?api\/images\/[0-9a-f]{64}\.\w+$/;
const hourMs = 3_600_000;

/**
 * Resolves an asset (image) path from the API.
 * Absolute URLs (http:, https:, data:, blob:, protocol-relative //) are returned unchanged; an
 * empty path gives ''. A relative path is prefixed with `apiHost` and gets a 'v=' query whose
 * value is the current hour number, Math.floor(now / 3600000). The URL so stays the same for
 * up to an hour, letting browsers and CDNs cache the image, yet changes every hour, so an image
 * replaced on the server under the same path is picked up within the hour.
 *
 * assetUrl('/uploads/a.png', 'https://api.example.com/') → 'https://api.example.com/uploads/a.png?v=<hour>'
 * An uploaded image (/api/images/<sha256>.<ext>) is named by its content and cached for a year: it
 * gets the host but no version.
 */
export function assetUrl(path: string | null | undefined, apiHost: string, now: number = Date.now()): string {
  const trimmed = path?.trim() ?? '';
  if (trimmed === '') return '';
  if (absolutePattern.test(trimmed)) return trimmed;

  if (contentAddressed.test(trimmed)) return `${apiHost.trim().replace(/\/+$/, '')}/${trimmed.replace(/^\/+/, '')}`;
  const version = Math.floor((Number.isFinite(now) ? now : Date.now()) / hourMs);
  const host = apiHost.trim().replace(/\/+$/, '');
  const relative = trimmed.replace(/^\/+/, '');

  // The query goes before any '#fragment'.
  const hashAt = relative.indexOf('#');
  const beforeHash = hashAt < 0 ? relative : relative.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : relative.slice(hashAt);
  const joiner = beforeHash.includes('?') ? '&' : '?';
  return `${host}/${beforeHash}${joiner}v=${version}${hash}`;
}
