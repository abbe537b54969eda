/**
 * Sending spans with OpenTelemetry's own OTLP/HTTP exporters (protobuf or JSON): they encode
 * (otlp-transformer), post, and retry 429/502/503/504 and network errors within their timeout.
 * What they report as a failure becomes a typed diagnostic naming the endpoint and status.
 */
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import type { OtlpTarget } from './otlp-endpoint';
import { toReadableSpan } from './readable-span';

/** Spans per request (one OTLP ExportTraceServiceRequest each). */
export const DEFAULT_BATCH_SIZE = 512;

/** A connection to one backend. */
export type OtlpSender = {
  readonly target: OtlpTarget;
  /** Send `spans` as one request; resolves once the backend accepted or refused it. */
  send(spans: readonly OtlpSpanData[]): Promise<Result<void>>;
  shutdown(): Promise<void>;
};

/** Exporter options besides the target (tests shorten the timeout). */
export type SenderOptions = { timeoutMillis?: number };

/** A sender for `target`. */
export function createOtlpSender(target: OtlpTarget, options: SenderOptions = {}): OtlpSender {
  const config = { url: target.url, headers: target.headers, timeoutMillis: options.timeoutMillis ?? 10_000, concurrencyLimit: 4 };
  const exporter = target.protocol === 'http/json' ? new JsonExporter(config) : new ProtoExporter(config);
  return {
    target,
    send(spans) {
      if (spans.length === 0) return Promise.resolve(ok(undefined));
      return new Promise((resolve) => {
        exporter.export(spans.map(toReadableSpan), (result) => {
          if (result.code === ExportResultCode.SUCCESS) resolve(ok(undefined));
          else resolve(fail(refusal(target, result.error)));
        });
      });
    },
    shutdown: () => exporter.shutdown(),
  };
}

function refusal(target: OtlpTarget, error: Error | undefined) {
  const code = (error as { code?: unknown } | undefined)?.code;
  const data = (error as { data?: unknown } | undefined)?.data;
  const status = typeof code === 'number' ? ` with HTTP ${code}` : '';
  const body = typeof data === 'string' && data.trim() !== '' ? `: ${data.trim().slice(0, 300)}` : '';
  const why = error?.message ? ` (${error.message})` : '';
  const what = typeof code === 'number' ? `refused the export${status}` : 'could not be reached or did not answer in time';
  return diagnostic('otlp-export-failed', `The tracing backend at ${target.url} ${what}${why}${body}`, {
    detail: { url: target.url, ...(typeof code === 'number' ? { httpStatus: code } : {}) },
  });
}
