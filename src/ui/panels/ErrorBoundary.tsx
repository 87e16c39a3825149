// A part of the page that fails to render (or whose code fails to load, offline) shows its fallback instead
// of taking the whole page down with it.
import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead; `retry` renders the children again. */
  readonly fallback: (error: Error, retry: () => void) => ReactNode;
  readonly children?: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: undefined })) : this.props.children;
  }
}
