/**
 * Keeps a failing figure from taking the page with it: the figure is replaced by a short
 * message, and the essay, the other figures and the static caption stay as they are.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  name: string;
  children: ReactNode;
}

export class IslandBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`The ${this.props.name} figure failed:`, error);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p className="figure-error" role="alert">
          This figure could not be drawn. The text around it still holds; reloading the page may bring the figure back.
        </p>
      );
    }
    return this.props.children;
  }
}
