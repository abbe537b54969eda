/**
 * Sending spans with OpenTelemetry's own OTLP/HTTP exporters (protobuf or JSON): they encode
 * (otlp-transformer), post, and retry 429/502/503/504 and network errors within their timeout.
 * What they report as a failure becomes a typed diagnostic naming the endpoint and status; a
 * 2xx that is not an OTLP answer (otlp-answer.ts) is a failure too. No message carries a
 * credential: the URL is shown without its userinfo and header values are masked
 * (shared/otlp/otlp-credentials.ts).
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import { notOtlpReason, watchAnswers, type BackendAnswer } from './otlp-answer';
import { maskSecrets, secretsOf, shownUrl } from '../../shared/otlp/otlp-credentials';
import type { OtlpTarget } from './otlp-endpoint';
import { toReadableSpan } from './readable-span';
import { CONNECT_TIMEOUT_MS, probeConnect } from './otlp-connect-probe';

/** Spans per request (one OTLP ExportTraceServiceRequest each). */
export const DEFAULT_BATCH_SIZE = 512;

/** A connection to one backend. */
export type OtlpSender = {
  readonly target: OtlpTarget;
  /** The target's URL as it may be printed (userinfo hidden). */
  readonly shownUrl: string;
  /** Send `spans` as one request; resolves once the backend accepted or refused it. */
  send(spans: readonly OtlpSpanData[]): Promise<Result<void>>;
  shutdown(): Promise<void>;
};

/** Exporter options besides the target (tests shorten the timeout). */
export type SenderOptions = { timeoutMillis?: number; connectTimeoutMillis?: number };

/** A sender for `target`. */
export function createOtlpSender(target: OtlpTarget, options: SenderOptions = {}): OtlpSender {
  // An agent of its own, so the answers to this sender's requests can be told apart.
  const agent = target.url.startsWith('https:') ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const answers = watchAnswers(agent);
  const config = { url: target.url, headers: target.headers, timeoutMillis: options.timeoutMillis ?? 10_000, concurrencyLimit: 4, httpAgentOptions: () => agent };
  const exporter = target.protocol === 'http/json' ? new JsonExporter(config) : new ProtoExporter(config);
  const shown = shownUrl(target.url);
  const secrets = secretsOf(target.url, target.headers);
  // One request at a time, so the last answer seen is the one to the request being judged.
  let queue: Promise<unknown> = Promise.resolve();
  // Until one connect succeeded, each send first checks the endpoint answers at all (a dead one
  // is named within seconds instead of after the exporter's retries).
  let reached = false;
  const sendOne = async (spans: readonly OtlpSpanData[]): Promise<Result<void>> => {
    if (!reached) {
      const probe = await probeConnect(target.url, options.connectTimeoutMillis ?? CONNECT_TIMEOUT_MS);
      if (!probe.ok) return probe;
      reached = true;
    }
    return exportOne(spans);
  };
  const exportOne = (spans: readonly OtlpSpanData[]) =>
    new Promise<Result<void>>((resolve) => {
      answers.reset();
      exporter.export(spans.map(toReadableSpan), (result) => {
        if (result.code !== ExportResultCode.SUCCESS) return resolve(fail(refusal(shown, secrets, result.error)));
        const answer = answers.last();
        const reason = answer === null ? null : notOtlpReason(answer);
        resolve(reason === null || answer === null ? ok(undefined) : fail(notOtlp(shown, secrets, answer, reason)));
      });
    });
  return {
    target,
    shownUrl: shown,
    send(spans) {
      if (spans.length === 0) return Promise.resolve(ok(undefined));
      const sent = queue.then(() => sendOne(spans));
      queue = sent;
      return sent;
    },
    async shutdown() {
      await exporter.shutdown();
      answers.dispose();
      agent.destroy();
    },
  };
}

function refusal(url: string, secrets: readonly string[], error: Error | undefined): Diagnostic {
  const code = (error as { code?: unknown } | undefined)?.code;
  const data = (error as { data?: unknown } | undefined)?.data;
  const status = typeof code === 'number' ? ` with HTTP ${code}` : '';
  const body = typeof data === 'string' && data.trim() !== '' ? `: ${data.trim().slice(0, 300)}` : '';
  const why = error?.message ? ` (${error.message})` : '';
  const what = typeof code === 'number' ? `refused the export${status}` : 'could not be reached or did not answer in time';
  return diagnostic('otlp-export-failed', maskSecrets(`The tracing backend at ${url} ${what}${why}${body}`, secrets), {
    detail: { url, ...(typeof code === 'number' ? { httpStatus: code } : {}) },
  });
}

function notOtlp(url: string, secrets: readonly string[], answer: BackendAnswer, reason: string): Diagnostic {
  const text = answer.body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 300);
  const message = `The tracing backend at ${url} answered HTTP ${answer.status} with ${reason}, not an OTLP answer: the spans were not taken (is this the OTLP/HTTP traces endpoint, or a sign-in page or proxy in front of it?)${text === '' ? '' : `: ${text}`}`;
  return diagnostic('otlp-not-otlp-answer', maskSecrets(message, secrets), {
    detail: { url, httpStatus: answer.status, contentType: answer.contentType },
  });
}
