import { CommandButton } from '../commands/command-button';
import { useSession } from '../session/session-context';

/** In the status bar while the workspace is not being saved: why, and a way to keep it in a file. */
export function SaveProblem() {
  const problem = useSession((s) => s.saveProblem);
  if (problem === null) return null;
  return (
    <span className="save-problem" role="status" title={problem}>
      Not saved
      <CommandButton commandId="export-workspace" />
    </span>
  );
}
