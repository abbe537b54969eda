/** The CLI's help text. */
export const USAGE = `Usage: little-inspector <command> [options]

Inspect little-workflow runs: fold, report, costs and crash boundaries. Never writes to a data dir.

Commands:
  runs [--data-dir DIR] [--json]                 List every run under DIR (nested harness worlds too)
  fleet [--json] [--by workflow-version|model|day|status]   Totals over every run under DIR: statuses, crashes, resumes,
                                                 failed attempts, cost, tokens, groups, slowest and most failing steps
  search <query> [--json] [--limit N] [--run R]  Every event under --data-dir matching words, "a phrase", type: tool: model: step: status: run:
  sql "<query>" [--json | --csv] [--timeout S]   Read-only SQL over the fleet index (runs, steps, attempts, model_calls, tool_calls, events, sessions), stopped after S seconds (10)
  export-fleet --format parquet -o DIR           Every run under --data-dir as Parquet files for a warehouse (runs, steps,
               [--redact [--redact-rules F]]     attempts, model_calls, tool_calls, sessions; DuckDB snippet in docs/FLEET.md)
  events <runId> [--type T] [--caller C]         Print the run's events, as \`little events\`
  replay <runId> [--at SEQ]                      Print the folded run state, as \`little replay\` (--at: as if the log ended after event SEQ)
  plan <runId> [--at SEQ] [--json]              What a resume of the run would do (the crash tab), or had it died after event SEQ
  job <runId> [--json]                           The job the run belongs to: orchestrator, planners, sub-runs, cycles, totals, resume
  report <runId> [--table]                       Print per-step tokens and cost, as \`little report\`
  check [runId]                                  Integrity findings (exit 1 when any)
  scan [runId] [--json] [--settings FILE]        Behavioural findings: loops, repeats, retry storms, limits (docs/SCAN.md;
                                                 all runs and cross-run findings without runId; exit 1 above info)
  pricing                                        The price table: rates, sources, verification dates
  tail [runId] [--json] [--from-start]           Print events as they commit (all runs without runId), until Ctrl-C
  compare <runId> [--json] [--seed N]            Live fold vs replay consistency + resume audit (exit 1 on a divergence or violation)
  diff <runA> <runB> [--data-dir-b DIR] [--json]  Two runs side by side by step path: deltas, first divergence (B from DIR)
  export <runId> --format html|md|json|pdf       Export the run as a report to send around
         [-o FILE] [--max-text N]                (stdout without -o; pdf needs -o and Chromium; notes pinned in the app included)
  export <runId> --format bundle -o FILE.html    The run views and the run's data in one offline HTML file
         [--redact] [--redact-rules F] [--budget SIZE]   (secrets redacted; payloads over the budget, default 50MB, left out and listed)
  otlp <runId>... | --all [--endpoint URL]       Send runs as OpenTelemetry traces (OTLP/HTTP) to a tracing backend
       [--protocol http/protobuf|http/json]      (docs/OTLP.md; OTEL_EXPORTER_OTLP_* variables honoured)
       [--header K=V]... [--follow] [--content]  --follow keeps sending as runs progress; --content adds messages
       [--semconv 1.45|latest]                   GenAI conventions (default 1.45; latest: semantic-conventions-genai
                                                 v0.1.0, also OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental)
  serve [dataDir] [--port N] [--open]            Serve the inspector UI on http://127.0.0.1 (token required)
        [--state-dir DIR]                        (notes and remembered settings: see --state-dir below)

little-harness sessions (--data-dir: a .little-harness folder or one holding it; default .little-harness):
  sessions [--json]                              List sessions: state, model/tool calls, failures, invalid lines
  trace <sessionId> [--failures] [--json]        Print the session's trace (invalid and torn lines where they sit)
  doctor <sessionId> [--json]                    Failures, invalid lines, spooled outputs, redactions (exit 1 when any fail)
  outcomes [sessionId] [--json]                  Outcome success rates by prompt hash and step path
        [--price-tables DIR]                     (the UI loads price tables only from DIR)

Options:
  --data-dir DIR   The data dir (default: .little-workflow in the current folder)
  --price-table F  Price costs with your own table (JSON; see docs/PRICING.md)
  --state-dir DIR  The app's own folder for notes and settings (serve, export; default $LITTLE_INSPECTOR_STATE_DIR,
                   else ~/.local/share/little-inspector, macOS ~/Library/Application Support, Windows %APPDATA%)
  --cache-dir DIR  Where fold checkpoints are kept (report, replay, plan, serve; default $LITTLE_INSPECTOR_CACHE_DIR,
                   else $XDG_CACHE_HOME/little-inspector or ~/.cache/little-inspector, macOS ~/Library/Caches/little-inspector,
                   Windows %LOCALAPPDATA%\\little-inspector\\Cache); never inside a data dir (refused, exit 2)
  --no-cache       Fold from the first event every time and keep no checkpoint on disk
  -h, --help       Show this help
  -v, --version    Print the version

Exit codes: 0 ok, 1 usage error, run error, findings, divergence or resume violation, 2 the data directory cannot be read
(or the cache folder is inside it).
`;
