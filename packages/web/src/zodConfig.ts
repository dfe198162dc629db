// zod tries `new Function('')` once, to learn whether it may compile its object parsers; under the pages'
// Content-Security-Policy (script-src 'self', server plugins/securityHeaders.ts) the try is refused and reported as a
// violation, which Lighthouse's best practices count against the page. `jitless` skips the try. It is set on the object
// zod takes its settings from (zod/v4/core/core.js keeps an existing globalThis.__zod_globalConfig), before any module
// of zod runs and without bringing zod into the entry script: main.tsx imports this first.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
