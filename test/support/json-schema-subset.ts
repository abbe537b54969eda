/**
 * A small JSON Schema (draft 2020-12) validator for the subset docs/report-schema.json uses:
 * type, const, enum, required, properties, additionalProperties, items, $ref to #/$defs,
 * oneOf, minimum and format date-time. Unknown keywords fail loudly so the schema cannot
 * quietly outgrow the validator.
 */
type Schema = boolean | { [keyword: string]: unknown };

const KNOWN = new Set(['$schema', '$id', 'title', 'description', '$defs', 'type', 'const', 'enum', 'required', 'properties', 'additionalProperties', 'items', '$ref', 'oneOf', 'minimum', 'format']);

/** Every error of `value` against `schema` (empty when valid), each with its JSON path. */
export function validateJson(value: unknown, root: Schema): string[] {
  const errors: string[] = [];
  check(value, root, root, '$', errors);
  return errors;
}

function check(value: unknown, schema: Schema, root: Schema, path: string, errors: string[]): void {
  if (schema === true) return;
  if (schema === false) return void errors.push(`${path}: not allowed`);
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) throw new Error(`validator does not support "${keyword}" (at ${path})`);
  if (typeof schema.$ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : ((root as { $defs?: Record<string, Schema> }).$defs ?? {})[name];
    if (target === undefined) throw new Error(`unresolvable $ref ${schema.$ref}`);
    check(value, target, root, path, errors);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => hasType(value, t))) return void errors.push(`${path}: expected ${types.join(' or ')}, got ${describe(value)}`);
  }
  if ('const' in schema && JSON.stringify(value) !== JSON.stringify(schema.const)) errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value))) errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) errors.push(`${path}: ${value} < ${schema.minimum}`);
  if (schema.format === 'date-time' && typeof value === 'string' && (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value))) errors.push(`${path}: not a date-time`);
  if (Array.isArray(schema.oneOf)) {
    const passing = schema.oneOf.filter((s) => validateSub(value, s as Schema, root, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of the oneOf alternatives, expected exactly 1`);
  }
  if (Array.isArray(value) && schema.items !== undefined) value.forEach((item, i) => check(item, schema.items as Schema, root, `${path}[${i}]`, errors));
  if (isObject(value)) {
    for (const key of (schema.required as string[] | undefined) ?? []) if (!Object.hasOwn(value, key)) errors.push(`${path}: missing "${key}"`);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) check(child, properties[key], root, `${path}.${key}`, errors);
      else if (schema.additionalProperties !== undefined) check(child, schema.additionalProperties as Schema, root, `${path}.${key}`, errors);
    }
  }
}

function validateSub(value: unknown, schema: Schema, root: Schema, path: string): string[] {
  const errors: string[] = [];
  check(value, schema, root, path, errors);
  return errors;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null': return value === null;
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    default: throw new Error(`unknown type ${type}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
