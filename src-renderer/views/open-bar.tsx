/** The open-a-data-dir action: a path field, the native picker in Electron, and recent roots. */
import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLibraryStore } from '../stores/library-store';

export function OpenBar() {
  const { appInfo, snapshot, phase, open, chooseDirectory } = useLibraryStore(
    useShallow((s) => ({ appInfo: s.appInfo, snapshot: s.snapshot, phase: s.opening.phase, open: s.open, chooseDirectory: s.chooseDirectory })),
  );
  const [path, setPath] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim()) void open(path.trim());
  };
  return (
    <form className="open-bar" onSubmit={submit} aria-label="Open a data directory">
      <label htmlFor="open-path" className="visually-hidden">Data directory path</label>
      <input
        id="open-path"
        name="path"
        type="text"
        placeholder={snapshot?.root ?? 'Path to a .little-workflow directory or a folder holding one'}
        value={path}
        onChange={(e) => setPath(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <button type="submit" disabled={phase === 'loading'}>Open</button>
      {appInfo?.mode === 'electron' && (
        <button type="button" onClick={() => void chooseDirectory()}>Choose folder…</button>
      )}
      {appInfo && appInfo.recent.length > 0 && (
        <select
          aria-label="Recent directories"
          value=""
          onChange={(e) => e.target.value && void open(e.target.value)}
        >
          <option value="">Recent…</option>
          {appInfo.recent.map((dir) => (
            <option key={dir} value={dir}>{dir}</option>
          ))}
        </select>
      )}
    </form>
  );
}
