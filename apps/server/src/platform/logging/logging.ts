/**
 * Secrets in URLs: an RPC endpoint usually carries its API key in the path or the query (or as a
 * password), and RPC errors quote the URL they called. Logs get the origin only.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hasSecret =
      parsed.username !== '' || parsed.password !== '' || parsed.pathname.length > 1 || parsed.search !== '';
    return hasSecret ? `${parsed.protocol}//${parsed.host}/***` : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '***';
  }
}

/** The parts of `url` that may be secret, longest first, each with what replaces it. */
function secretParts(url: string): [string, string][] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url ? [[url, '***']] : [];
  }
  const parts: [string, string][] = [
    [url, redactUrl(url)],
    [parsed.href, redactUrl(url)],
  ];
  const pathAndQuery = `${parsed.pathname}${parsed.search}`;
  if (pathAndQuery.length > 1) parts.push([pathAndQuery, '/***']);
  if (parsed.password) parts.push([decodeURIComponent(parsed.password), '***']);
  for (const value of parsed.searchParams.values()) if (value.length >= 6) parts.push([value, '***']);
  for (const segment of parsed.pathname.split('/')) if (segment.length >= 16) parts.push([segment, '***']);
  return parts.sort((a, b) => b[0].length - a[0].length);
}

/** Replaces every secret part of the given URLs in `text`. */
export function scrubber(urls: string[]): (text: string) => string {
  const parts = urls.flatMap(secretParts);
  if (parts.length === 0) return (text) => text;
  return (text) => parts.reduce((out, [secret, replacement]) => out.split(secret).join(replacement), text);
}

export type LogDestination = { write: (line: string) => void };

/** A log destination that scrubs the URLs' secrets from every line before it leaves the process. */
export function scrubbingDestination(urls: string[], destination: LogDestination = process.stdout): LogDestination {
  const scrub = scrubber(urls);
  return { write: (line) => destination.write(scrub(line)) };
}
