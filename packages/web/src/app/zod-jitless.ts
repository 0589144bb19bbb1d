import { config } from 'zod/v4/core';

// Zod probes for and then compiles fast parsers with `new Function`. The site's CSP allows no
// 'unsafe-eval', so each probe would be a reported violation on every screen that validates
// (forms, API shapes from @verdict/shared): parse without it. Set before any schema is used.
config({ jitless: true });
