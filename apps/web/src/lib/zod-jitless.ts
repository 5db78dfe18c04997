/**
 * zod builds fast parsers with `new Function` after probing whether eval is allowed; under the page's
 * content security policy (no 'unsafe-eval') the probe throws, is caught, and is still reported as a
 * violation. `jitless` skips the probe. zod reads its config from this global when it first loads (in
 * a lazy chunk), so the entry sets it without importing zod.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
