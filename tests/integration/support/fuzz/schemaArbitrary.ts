import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema node as zod's toJSONSchema writes it (only what the generator reads). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/** Text that has broken servers before: NUL (PostgreSQL refuses it in text), lone surrogates, RTL marks, emoji, markup. */
export const nastyText = fc.constantFrom(
  '\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202e\u0644\u0639', '👩‍👩‍👧‍👦', '\ufeff', '%00', '%', '%E0%A4%A', '../../etc/passwd',
  '<script>alert(1)</script>', "' or 1=1 --", '${7*7}', '__proto__', 'constructor', 'NaN', '-0', '1e309', ' ', '',
);

/** Strings of every kind: ASCII, any Unicode, the nasty list, and now and then a huge one. */
export const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.constantFrom(100, 5_000, 70_000).map((n) => 'x'.repeat(n)) },
);

/** Any JSON value, of any type: what "wrong type" looks like. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53 + 1, -1, 0, 1e21, true, false, null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)), { maxKeys: 4 }),
);

function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** A value that fits the node (as near as the generator can), so requests get past validation into the handlers. */
function fitting(node: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((n) => fitting(n, depth)));
  if (node.allOf?.length) return fitting(node.allOf[0]!, depth);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'string': {
      const regex = node.pattern ? safeRegex(node.pattern) : null;
      const min = node.minLength ?? 0;
      const max = Math.max(min, Math.min(node.maxLength ?? 60, 300));
      const plain = fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
      // Cut to the length limit rather than filter: a pattern whose matches are rarely short enough (a time zone,
      // a phone number) would have the generator retry forever. A cut match that no longer fits is a bad input,
      // which the fuzzer wants anyway.
      return regex ? fc.oneof(fc.stringMatching(regex).map((s) => s.slice(0, max)), plain) : plain;
    }
    case 'integer':
      return fc.integer({ min: Math.max(node.minimum ?? -1000, -1e9), max: Math.min(node.maximum ?? 100_000, 1e9) });
    case 'number':
      return fc.double({ min: Math.max(node.minimum ?? -1e6, -1e9), max: Math.min(node.maximum ?? 1e6, 1e9), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(node.items ? schemaValue(node.items, depth + 1) : anyJson, { maxLength: 4 });
    case 'object': {
      if (depth > 3 || !node.properties) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
      const required = new Set(node.required ?? []);
      const entries = Object.entries(node.properties).map(([key, child]) => {
        const value = schemaValue(child, depth + 1);
        // Optional fields come and go; required ones are mostly there (a missing one is a mutation below).
        return [key, required.has(key) ? fc.oneof({ weight: 9, arbitrary: value }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.option(value, { nil: undefined })] as const;
      });
      return fc.record(Object.fromEntries(entries)).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    default:
      return anyJson;
  }
}

/** Mostly fitting values, sometimes the wrong type, nasty text or a huge string. */
export function schemaValue(node: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: fitting(node, depth) }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: anyText });
}

/** The JSON Schema of a route's zod schema, or null when it has none or it cannot be described. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Values for a whole part of a request (body, query, params) from its schema, or free-form when there is none. */
export function partArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return json ? schemaValue(json) : anyJson;
}
