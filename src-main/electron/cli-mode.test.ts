import { describe, expect, it } from 'vitest';
import { CLI_COMMANDS } from '../cli/run-cli';
import { cliArguments } from './cli-mode';

const exe = '/opt/Little Inspector/little-inspector-app';

describe('cliArguments (the CLI inside the packaged app)', () => {
  it('takes everything after --cli, as the installed wrapper passes it', () => {
    expect(cliArguments([exe, '--cli', 'report', '--data-dir', '/d', 'run_1'], false, CLI_COMMANDS)).toEqual(['report', '--data-dir', '/d', 'run_1']);
    // No arguments after the marker: the CLI prints its usage, as `npx little-inspector` does.
    expect(cliArguments([exe, '--cli'], false, CLI_COMMANDS)).toEqual([]);
  });

  it('skips Chromium switches the wrapper puts before the marker', () => {
    expect(cliArguments([exe, '--ozone-platform=headless', '--cli', 'runs'], false, CLI_COMMANDS)).toEqual(['runs']);
    // A plain argument before the marker means --cli is not ours (e.g. a folder named "--cli" inside a path list).
    expect(cliArguments([exe, '/some/dir', '--cli', 'runs'], false, CLI_COMMANDS)).toBeNull();
  });

  it('runs the CLI when the first argument is a command, help or version', () => {
    for (const command of CLI_COMMANDS) expect(cliArguments([exe, command, 'x'], false, CLI_COMMANDS)).toEqual([command, 'x']);
    expect(cliArguments([exe, '--version'], false, CLI_COMMANDS)).toEqual(['--version']);
    expect(cliArguments([exe, 'help'], false, CLI_COMMANDS)).toEqual(['help']);
  });

  it('opens the window for no argument, a folder, or Chromium switches alone', () => {
    expect(cliArguments([exe], false, CLI_COMMANDS)).toBeNull();
    expect(cliArguments([exe, '/home/me/project'], false, CLI_COMMANDS)).toBeNull();
    expect(cliArguments([exe, './runs'], false, CLI_COMMANDS)).toBeNull();
    expect(cliArguments([exe, '--allow-file-access-from-files', '/home/me/project'], false, CLI_COMMANDS)).toBeNull();
  });

  it('skips the app path that `electron .` puts at argv[1]', () => {
    expect(cliArguments(['/usr/bin/electron', '.', 'runs'], true, CLI_COMMANDS)).toEqual(['runs']);
    expect(cliArguments(['/usr/bin/electron', '.'], true, CLI_COMMANDS)).toBeNull();
  });

  it('knows every command of the CLI (the list comes from the dispatcher)', () => {
    expect([...CLI_COMMANDS].sort()).toEqual(['check', 'compare', 'diff', 'doctor', 'events', 'export', 'export-fleet', 'fleet', 'job', 'otlp', 'outcomes', 'plan', 'pricing', 'replay', 'report', 'runs', 'scan', 'search', 'serve', 'sessions', 'sql', 'tail', 'trace']);
  });
});
