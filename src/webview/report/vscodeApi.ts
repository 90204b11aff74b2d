/// <reference lib="dom" />
/**
 * The webview side of the message channel: typed `postMessage` and state that survives the
 * panel being hidden or the window reloading.
 */
import type { FromReportMessage, ReportViewState } from '../../shared/protocol';

interface VsCodeApi {
  postMessage(message: FromReportMessage): void;
  getState(): ReportViewState | undefined;
  setState(state: ReportViewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

export function send(message: FromReportMessage): void {
  api.postMessage(message);
}

export function loadState(): ReportViewState {
  return api.getState() ?? {};
}

/** Merges `patch` into the saved state. */
export function saveState(patch: Partial<ReportViewState>): void {
  api.setState({ ...loadState(), ...patch });
}
