import { z } from 'zod';

// The page's Content-Security-Policy allows no eval. zod 4 compiles object parsers with `new Function` when it can and
// decides when a schema is built, so this runs before any module that builds one (main.tsx imports it first): without
// it the probe alone is a reported violation.
z.config({ jitless: true });
