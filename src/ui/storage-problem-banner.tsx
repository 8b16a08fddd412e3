import { useSession, useSessionStore } from '../session/session-context';
import { downloadText, fileStamp } from './files';

/** Says that the saved workspace could not be used, and offers the unreadable copy for download. */
export function StorageProblemBanner() {
  const session = useSessionStore();
  const problem = useSession((s) => s.storageProblem);
  if (!problem) return null;
  const heading =
    problem.kind === 'newer'
      ? 'Your saved workspace comes from a newer version of the workstation. It was left untouched and will not be overwritten; the default workspace was loaded and changes are not saved.'
      : problem.backupKey === null
        ? 'The saved workspace could not be read, and storage is too full to keep a copy of it aside, so this tab does not save over it: changes are not saved. Download the unreadable copy, free some storage (or export this workspace to a file), then reload.'
        : 'The saved workspace could not be read, so the default workspace was loaded. The unreadable copy was kept aside (Open workspace lists it).';
  return (
    <div className="banner banner-warning" role="alert">
      <p>
        <strong>{heading}</strong> <span className="muted">Problem: {problem.problem}</span>
      </p>
      <div className="banner-actions">
        <button
          type="button"
          className="button"
          onClick={() => downloadText(`unreadable-workspace-${fileStamp()}.json`, problem.raw)}
        >
          Download unreadable copy
        </button>
        <button type="button" className="button" onClick={() => session.setState({ storageProblem: null })}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
