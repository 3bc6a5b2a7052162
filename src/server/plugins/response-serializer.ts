import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = FastifySerializerCompiler<unknown>;

// The route schemas handed to it are always zod schemas (or `{ properties: zod }`), as every route declares.
const zodSerializerCompiler = createSerializerCompiler({}) as SerializerCompiler;

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * Zod writes `additionalProperties: false` for its objects; fast-json-stringify checks the branches of
 * a union (a nullable object) against that with Ajv, so a row carrying more than the contract names
 * would match no branch. Undeclared properties are never written anyway, so the flag is dropped.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = openObjects(value);
  }
  return out;
}

/**
 * Answers are written by fast-json-stringify, compiled once per route from the response's zod schema
 * turned into JSON Schema: like zod's encode it writes only the properties the schema names, so a
 * stray field (a password hash on a row) never leaves, at half the cost for a page of a list
 * (docs/decisions/0041-compiled-response-serializer.md). A schema JSON Schema cannot express (a transform)
 * keeps zod's encode. Outside production every answer is also checked against its zod schema, so a
 * route whose data drifted from its contract fails in tests as it did before.
 */
export function responseSerializerCompiler(options: { checkResponses: boolean }): SerializerCompiler {
  return (routeSchema) => {
    const viaZod = zodSerializerCompiler(routeSchema);
    const schema = zodSchemaOf(routeSchema.schema);
    if (!schema) return viaZod;
    let stringify: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(schema, {
        io: 'output',
        unrepresentable: 'throw',
        target: 'draft-07',
        reused: 'inline',
        cycles: 'throw',
      });
      stringify = fastJson(openObjects(jsonSchema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      return viaZod;
    }
    if (!options.checkResponses) return stringify;
    return (data) => {
      viaZod(data);
      return stringify(data);
    };
  };
}
