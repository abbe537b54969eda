/** Exhaustiveness guard for switches over closed unions: a missed case fails to compile. */
export function assertNever(value: never, what = 'value'): never {
  // Reaching this at run time means a value escaped the type system (e.g. a cast); fail loudly.
  throw new Error(`Unexpected ${what}: ${String(value)}`);
}
