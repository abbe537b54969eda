/**
 * Which version of the GenAI semantic conventions a trace follows. The conventions' transition
 * rule (docs/gen-ai in open-telemetry/semantic-conventions-genai): an instrumentation keeps
 * emitting the version it emitted by default, and emits the latest experimental one only when
 * `OTEL_SEMCONV_STABILITY_OPT_IN` (a comma-separated list) holds `gen_ai_latest_experimental`;
 * other values of that list belong to other categories and are ignored here.
 */

/** `1.45`: what semantic-conventions 1.45 defines (our default); `latest`: semantic-conventions-genai v0.1.0. */
export const SEMCONV_MODES = ['1.45', 'latest'] as const;
export type SemconvMode = (typeof SEMCONV_MODES)[number];

/** The opt-in value the conventions define for the GenAI category. */
export const GEN_AI_LATEST_OPT_IN = 'gen_ai_latest_experimental';

/** The mode `OTEL_SEMCONV_STABILITY_OPT_IN` selects (unset, empty or without our value: 1.45). */
export function semconvFromOptIn(value: string | undefined): SemconvMode {
  const values = (value ?? '').split(',').map((v) => v.trim());
  return values.includes(GEN_AI_LATEST_OPT_IN) ? 'latest' : '1.45';
}

/** A `--semconv` value, or null when it is not one of ours. */
export function parseSemconvMode(text: string): SemconvMode | null {
  return (SEMCONV_MODES as readonly string[]).includes(text) ? (text as SemconvMode) : null;
}
