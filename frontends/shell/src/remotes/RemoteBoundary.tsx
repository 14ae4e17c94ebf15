import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card } from '@budget/web';

interface Props {
  title: string;
  children: ReactNode;
}

/** Keeps the shell standing when a remote cannot be loaded or fails while rendering. */
export class RemoteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.title} failed to load`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Card title={`${this.props.title} is unavailable`} role="alert" data-testid="remote-error">
        <p>This part of the app could not be loaded. The rest of the app still works.</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Card>
    );
  }
}
