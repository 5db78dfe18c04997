import { z } from 'zod';

/**
 * The AI companion's settings (issue 49). The model is the operator's choice behind an
 * OpenAI-compatible `/v1/chat/completions`; without COMPANION_API_URL and COMPANION_MODEL the
 * companion is unavailable (never imitated). Conversations are encrypted under COMPANION_DATA_KEY,
 * which a configured companion requires: a key that does not decode to 32 bytes stops the start.
 */
export const companionEnvShape = {
  /** The model server's base URL, e.g. http://127.0.0.1:8000/v1 (vLLM), http://127.0.0.1:11434/v1 (Ollama). */
  COMPANION_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL')
    .optional(),
  COMPANION_MODEL: z.string().min(1).max(200).optional(),
  /** Sent as `Authorization: Bearer`; a self-hosted server may need none. */
  COMPANION_API_KEY: z.string().min(1).optional(),
  /** 32 bytes, as 64 hex digits or base64. */
  COMPANION_DATA_KEY: z.string().optional(),
  COMPANION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Until the model server answers the request (its status and headers). */
  COMPANION_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Until the first piece of the answer, and at most between two pieces: a stall ends the answer. */
  COMPANION_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The whole answer. */
  COMPANION_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** The allowance and the budget until operators set theirs (the console's companion settings). */
  COMPANION_DAILY_MESSAGES: z.coerce.number().int().min(0).max(10_000).default(50),
  COMPANION_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).max(1_000_000_000_000).default(2_000_000),
  RATE_LIMIT_COMPANION_PER_MINUTE: z.coerce.number().int().min(1).default(10),
};

export type CompanionModelConfig = {
  /** Without a trailing slash; `/chat/completions` is added (or `/v1/chat/completions` when the URL has no `/v1`). */
  apiUrl: string;
  model: string;
  apiKey: string | null;
  connectTimeoutMs: number;
  firstTokenTimeoutMs: number;
  totalTimeoutMs: number;
};

export type CompanionConfig = {
  /** null: not configured, the companion is unavailable. */
  model: CompanionModelConfig | null;
  /** The AES-256-GCM key of the conversations (32 bytes); null when not configured. */
  dataKey: Buffer | null;
  retentionDays: number;
  dailyMessages: number;
  dailyTokenBudget: number;
};

type Env = z.infer<z.ZodObject<typeof companionEnvShape>>;

/** A 32-byte key from 64 hex digits or base64 (with or without padding), or null when it is not one. */
export function decodeDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** The companion's configuration, or the problems that keep it from starting. */
export function companionConfig(e: Env): { config: CompanionConfig; problems: string[] } {
  const problems: string[] = [];
  const isConfigured = Boolean(e.COMPANION_API_URL || e.COMPANION_MODEL);
  if (isConfigured && !e.COMPANION_API_URL) problems.push('COMPANION_API_URL: needed with COMPANION_MODEL');
  if (isConfigured && !e.COMPANION_MODEL) problems.push('COMPANION_MODEL: needed with COMPANION_API_URL');
  let dataKey: Buffer | null = null;
  if (e.COMPANION_DATA_KEY) {
    dataKey = decodeDataKey(e.COMPANION_DATA_KEY);
    if (!dataKey)
      problems.push(
        'COMPANION_DATA_KEY: must be 32 bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`)',
      );
  } else if (isConfigured) {
    problems.push('COMPANION_DATA_KEY: needed when the companion is configured (32 bytes: `openssl rand -base64 32`)');
  }
  if (e.COMPANION_FIRST_TOKEN_TIMEOUT_MS > e.COMPANION_TOTAL_TIMEOUT_MS)
    problems.push('COMPANION_FIRST_TOKEN_TIMEOUT_MS: must not be longer than COMPANION_TOTAL_TIMEOUT_MS');
  const model =
    isConfigured && e.COMPANION_API_URL && e.COMPANION_MODEL
      ? {
          apiUrl: e.COMPANION_API_URL.replace(/\/+$/, ''),
          model: e.COMPANION_MODEL,
          apiKey: e.COMPANION_API_KEY ?? null,
          connectTimeoutMs: e.COMPANION_CONNECT_TIMEOUT_MS,
          firstTokenTimeoutMs: e.COMPANION_FIRST_TOKEN_TIMEOUT_MS,
          totalTimeoutMs: e.COMPANION_TOTAL_TIMEOUT_MS,
        }
      : null;
  return {
    config: {
      model,
      dataKey,
      retentionDays: e.COMPANION_RETENTION_DAYS,
      dailyMessages: e.COMPANION_DAILY_MESSAGES,
      dailyTokenBudget: e.COMPANION_DAILY_TOKEN_BUDGET,
    },
    problems,
  };
}
