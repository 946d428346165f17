import { Component } from 'react';
import type { ReactNode } from 'react';

export interface CrashGuardProps {
  /** Called once with what broke; the runner ends the UI and prints one line. */
  onCrash: (error: unknown) => void;
  children: ReactNode;
}

/** Catches a rendering failure so that it ends the UI with one line, not a stack trace. */
export class CrashGuard extends Component<CrashGuardProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onCrash(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
