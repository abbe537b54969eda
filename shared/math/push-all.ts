/**
 * Append `items` to `target` one by one. `target.push(...items)` passes every item as an argument,
 * and the engine refuses past ~125,000 ("Maximum call stack size exceeded"): lists that grow with
 * a log (events, ledger lines, findings) must never be spread.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
