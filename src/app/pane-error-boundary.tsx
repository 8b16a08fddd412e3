import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  title: string;
  onReload(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing pane from taking the workspace down: it shows the error and offers a reload. */
export class PaneErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Pane "${this.props.title}" failed`, error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="pane-error" role="alert">
        <p>
          <strong>This pane failed.</strong> {this.state.error.message}
        </p>
        <p className="muted">The rest of the workspace keeps working.</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.props.onReload();
            this.setState({ error: null });
          }}
        >
          Reload pane
        </button>
      </div>
    );
  }
}
