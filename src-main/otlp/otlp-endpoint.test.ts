/** The OTLP exporter spec's endpoint, protocol and header rules, as resolveOtlpTarget applies them. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACES_URL, resolveOtlpTarget } from './otlp-endpoint';

const url = (flags: Parameters<typeof resolveOtlpTarget>[0], env: Record<string, string>) => {
  const r = resolveOtlpTarget(flags, env);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.url;
};

describe('resolveOtlpTarget', () => {
  it('defaults to http://localhost:4318/v1/traces over http/protobuf', () => {
    expect(resolveOtlpTarget({}, {})).toEqual({ ok: true, value: { url: DEFAULT_TRACES_URL, protocol: 'http/protobuf', headers: {} } });
  });

  it('appends v1/traces to the generic endpoint only, with one slash', () => {
    expect(url({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('http://collector:4318/v1/traces');
    expect(url({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://cloud.langfuse.com/api/public/otel/' })).toBe('https://cloud.langfuse.com/api/public/otel/v1/traces');
    expect(url({}, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://x:4318/custom/path' })).toBe('http://x:4318/custom/path');
  });

  it('prefers --endpoint, then the traces variable, then the generic one', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://generic:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://signal:4318/v1/traces' };
    expect(url({}, env)).toBe('http://signal:4318/v1/traces');
    expect(url({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://generic:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' })).toBe('http://generic:4318/v1/traces');
    expect(url({ endpoint: 'http://flag:6006' }, env)).toBe('http://flag:6006/v1/traces');
    expect(url({ endpoint: 'http://flag:6006/v1/traces' }, env)).toBe('http://flag:6006/v1/traces');
  });

  it('takes the protocol from --protocol, then the traces variable, then the generic one', () => {
    const env = { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    expect(resolveOtlpTarget({}, env)).toMatchObject({ ok: true, value: { protocol: 'http/json' } });
    expect(resolveOtlpTarget({}, { ...env, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })).toMatchObject({ ok: true, value: { protocol: 'http/protobuf' } });
    expect(resolveOtlpTarget({ protocol: 'http/protobuf' }, env)).toMatchObject({ ok: true, value: { protocol: 'http/protobuf' } });
  });

  it('merges headers: generic variable, traces variable, then --header, values percent-decoded', () => {
    const r = resolveOtlpTarget(
      { headers: ['x-team=flag'] },
      { OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20cGs6c2s=,x-team=generic', OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-trace=1' },
    );
    expect(r).toEqual({ ok: true, value: { url: DEFAULT_TRACES_URL, protocol: 'http/protobuf', headers: { Authorization: 'Basic cGs6c2s=', 'x-team': 'flag', 'x-trace': '1' } } });
  });

  it.each([
    [{ protocol: 'grpc' }, {}, /gRPC is not offered/],
    [{ protocol: 'http/xml' }, {}, /not supported/],
    [{ endpoint: 'ftp://x' }, {}, /must be an http/],
    [{ endpoint: 'not a url' }, {}, /is not a URL/],
    [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'nope' }, /OTEL_EXPORTER_OTLP_ENDPOINT is not a URL/],
    [{ headers: ['novalue'] }, {}, /KEY=VALUE/],
    [{ headers: ['bad name=1'] }, {}, /KEY=VALUE/],
    [{ headers: ['x=a%0Ab'] }, {}, /line break/],
  ] as const)('refuses %j %j with a typed diagnostic', (flags, env, message) => {
    const r = resolveOtlpTarget(flags, env);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-argument');
      expect(r.error.message).toMatch(message);
    }
  });
});
