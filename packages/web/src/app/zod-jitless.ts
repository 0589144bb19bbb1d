// Zod probes for and then compiles fast parsers with `new Function`. The site's CSP allows no
// 'unsafe-eval', so each probe would be a reported violation on every screen that validates
// (forms, API shapes from @verdict/shared): parse without it. Set before any schema is used.
// Zod (v4) keeps its configuration on `globalThis.__zod_globalConfig` and takes an object found
// there when it loads, so this needs no import of zod: zod stays out of the first bundle and
// arrives with the screens that validate.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
export {};
