/**
 * The language server's side of Workspace Trust: the client says at start and when trust is
 * granted ({@link WorkspaceTrustNotification}); until then the gate of `core/exec/workspaceTrust.ts`
 * stays closed, so no git or go runs for a folder nobody vouched for. The profile worker gets the
 * gate's state with every request (`profileWorkerClient.ts`).
 */
import type { Connection } from 'vscode-languageserver/node';
import { WorkspaceTrustNotification } from '../shared/protocol';
import { setWorkspaceTrust, workspaceTrusted } from '../core/exec/workspaceTrust';

/** Listens for the client's trust notifications; `onGranted` runs when an untrusted workspace becomes trusted. */
export function registerWorkspaceTrust(connection: Connection, onGranted: () => void): void {
  connection.onNotification(WorkspaceTrustNotification, (p) => {
    const was = workspaceTrusted();
    setWorkspaceTrust(p.trusted === true);
    if (!was && workspaceTrusted()) onGranted();
  });
}
