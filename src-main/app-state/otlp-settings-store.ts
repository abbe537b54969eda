/**
 * The "Send to tracing backend…" settings: endpoint, protocol, headers, content switch, the
 * GenAI conventions' version.
 *
 * They live in main's memory for as long as the process runs; saved to `settings.json` of the
 * state folder only when the user ticks "Remember" (the desktop dialog ticks it by default,
 * browser mode does not: a page served on loopback should not leave credentials on disk
 * unasked). Unticking it removes them from the file. Secret header values are never handed to
 * a page: views get `value: null`, and a request's `value: null` means "the value main keeps";
 * an endpoint's userinfo likewise: views get it as `***@`, and that shown URL means the kept one.
 */
import { z } from 'zod';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { OtlpAppProtocol, OtlpHeaderView, OtlpSettingsView } from '../../shared/otlp/otlp-app-types';
import { shownUrl } from '../../shared/otlp/otlp-credentials';
import { SEMCONV_MODES, type SemconvMode } from '../../shared/otlp/semconv-mode';
import { readStateFile, writeStateFile } from './state-file';

/** The settings file's name in the state folder. */
export const SETTINGS_FILE = 'settings.json';

/** One header with its value (main only). */
export type OtlpHeader = { name: string; secret: boolean; value: string };

/** The settings with every value (main only). */
export type OtlpSettings = { endpoint: string; protocol: OtlpAppProtocol; headers: OtlpHeader[]; content: boolean; semconv: SemconvMode };

const headerSchema = z.object({ name: z.string().min(1).max(200), secret: z.boolean(), value: z.string().max(8192) }).strict();
const otlpSchema = z
  .object({
    endpoint: z.string().max(2048),
    protocol: z.enum(['http/protobuf', 'http/json']),
    headers: z.array(headerSchema).max(50),
    content: z.boolean(),
    // Files saved before the choice existed hold no value: they sent 1.45, the default.
    semconv: z.enum(SEMCONV_MODES).default('1.45'),
  })
  .strict();
const fileSchema = z.object({ version: z.literal(1), otlp: otlpSchema.nullable() }).strict();

const DEFAULTS: OtlpSettings = { endpoint: '', protocol: 'http/protobuf', headers: [], content: false, semconv: '1.45' };

/** Settings as a page sends them: a header's `value` null means the kept one. */
export type OtlpSettingsInput = Omit<OtlpSettings, 'headers'> & { headers: OtlpHeaderView[] };

/** The settings store of one process. */
export type OtlpSettingsStore = {
  /** What the dialog shows (secrets as null), and why the saved file was not used, if it was not. */
  view(): { settings: OtlpSettingsView; problem: Diagnostic | null };
  /** The settings with the kept secret values filled in; a secret with no kept value is refused. */
  complete(input: OtlpSettingsInput): Result<OtlpSettings>;
  /** Keep `settings` for this process; also save them when `remember`, else remove any saved copy. */
  update(settings: OtlpSettings, remember: boolean): Result<void>;
};

/** The store; `dir` null: no state folder (nothing is ever saved). */
export function createOtlpSettingsStore(dir: string | null): OtlpSettingsStore {
  let memory: { settings: OtlpSettings; remembered: boolean } | null = null;
  const saved = (): { settings: OtlpSettings | null; problem: Diagnostic | null } => {
    if (dir === null) return { settings: null, problem: null };
    const read = readStateFile(dir, SETTINGS_FILE, fileSchema);
    return read.ok ? { settings: read.value?.otlp ?? null, problem: null } : { settings: null, problem: read.error };
  };
  const current = (): { settings: OtlpSettings; remembered: boolean; problem: Diagnostic | null } => {
    if (memory !== null) return { ...memory, problem: null };
    const disk = saved();
    return { settings: disk.settings ?? DEFAULTS, remembered: disk.settings !== null, problem: disk.problem };
  };

  return {
    view() {
      const { settings, remembered, problem } = current();
      const headers = settings.headers.map((h): OtlpHeaderView => ({ name: h.name, secret: h.secret, value: h.secret ? null : h.value }));
      return { settings: { ...settings, endpoint: shownUrl(settings.endpoint), headers, remembered, stateDir: dir }, problem };
    },
    complete(input) {
      const keptSettings = current().settings;
      const kept = keptSettings.headers;
      // The shown form of the kept URL (userinfo as ***) stands for the kept URL itself.
      const endpoint = input.endpoint !== keptSettings.endpoint && input.endpoint === shownUrl(keptSettings.endpoint) ? keptSettings.endpoint : input.endpoint;
      const headers: OtlpHeader[] = [];
      for (const header of input.headers) {
        if (header.value !== null) {
          headers.push({ name: header.name, secret: header.secret, value: header.value });
          continue;
        }
        const value = kept.find((k) => k.name.toLowerCase() === header.name.toLowerCase())?.value;
        if (value === undefined) return fail(diagnostic('invalid-argument', `The header ${header.name} has no value: type it again`));
        headers.push({ name: header.name, secret: header.secret, value });
      }
      return ok({ endpoint, protocol: input.protocol, content: input.content, semconv: input.semconv, headers });
    },
    update(settings, remember) {
      memory = { settings, remembered: remember && dir !== null };
      if (dir === null) return remember ? fail(diagnostic('unsupported', 'This app has no state folder to remember settings in')) : ok(undefined);
      const disk = saved();
      if (!remember && disk.settings === null && disk.problem === null) return ok(undefined);
      return writeStateFile(dir, SETTINGS_FILE, { version: 1, otlp: remember ? settings : null }, { keepCorrupt: disk.problem?.code === 'state-file-corrupt' });
    },
  };
}
