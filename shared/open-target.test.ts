import { describe, expect, it } from 'vitest';
import { openTargetFor, pathFromFileUrl } from './open-target';

describe('openTargetFor', () => {
  it('opens the data dir of an events.db handed over by the file manager', () => {
    expect(openTargetFor('/home/me/proj/.little-workflow/events/events.db')).toBe('/home/me/proj/.little-workflow');
    expect(openTargetFor('C:\\work\\proj\\.little-workflow\\events\\events.db')).toBe('C:\\work\\proj\\.little-workflow');
    expect(openTargetFor('/events/events.db')).toBe('/');
  });

  it('opens the folder of a loopctl ledger', () => {
    expect(openTargetFor('/runs/loop/trajectory.jsonl')).toBe('/runs/loop');
    expect(openTargetFor('/runs/loop/events.jsonl')).toBe('/runs/loop');
  });

  it('leaves folders and other files alone (the open reports its own diagnostic for them)', () => {
    expect(openTargetFor('/home/me/proj')).toBe('/home/me/proj');
    expect(openTargetFor('/home/me/proj/')).toBe('/home/me/proj/');
    expect(openTargetFor('/data/other.db')).toBe('/data/other.db');
    // An events.db not inside an events/ folder is not little-workflow's.
    expect(openTargetFor('/data/events.db')).toBe('/data/events.db');
    expect(openTargetFor('events.db')).toBe('events.db');
    expect(openTargetFor('')).toBe('');
  });
});

describe('pathFromFileUrl', () => {
  it('turns a local file URL into its path (what a Linux desktop passes to %U)', () => {
    expect(pathFromFileUrl('file:///home/me/my%20proj/.little-workflow')).toBe('/home/me/my proj/.little-workflow');
    expect(pathFromFileUrl('file://localhost/tmp/x')).toBe('/tmp/x');
    expect(pathFromFileUrl('file:///C:/work/proj')).toBe('C:/work/proj');
  });

  it('leaves paths, other schemes, remote hosts and broken escapes alone', () => {
    expect(pathFromFileUrl('/home/me/proj')).toBe('/home/me/proj');
    expect(pathFromFileUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(pathFromFileUrl('file://server/share/x')).toBe('file://server/share/x');
    expect(pathFromFileUrl('file:///bad%zzescape')).toBe('file:///bad%zzescape');
  });
});
