/// <reference lib="dom" />
/**
 * The webview side of a panel's channel: typed `postMessage`, and state that survives the panel
 * being hidden or the window reloading. `acquireVsCodeApi` may be called once per page.
 */

interface VsCodeApi<Out, State> {
  postMessage(message: Out): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<Out, State>(): VsCodeApi<Out, State>;

export interface VsCodeChannel<Out, State extends object> {
  send(message: Out): void;
  loadState(): Partial<State>;
  /** Merges `patch` into the saved state. */
  saveState(patch: Partial<State>): void;
}

/** Acquires the page's VS Code API once and wraps it with typed messages and state. */
export function createVsCodeChannel<Out, State extends object>(): VsCodeChannel<Out, State> {
  const api = acquireVsCodeApi<Out, Partial<State>>();
  const loadState = () => api.getState() ?? {};
  return {
    send: (message) => api.postMessage(message),
    loadState,
    saveState: (patch) => api.setState({ ...loadState(), ...patch }),
  };
}
