/**
 * The extension's one log channel and its one way of telling the user something failed:
 * a short notification with a "Show Output" action; the detail goes to the log.
 */
import * as vscode from 'vscode';
import { redactUrlCredentials } from '../core/redact';
import { notificationText } from '../core/text/displayText';

export const LOG_CHANNEL_NAME = 'DynamoDB Hot Path';

/** Creates the LogOutputChannel (`{ log: true }`: levels, timestamps, a file under the exthost logs). */
export function createLog(): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
}

/**
 * Logs `detail` (stack included) and shows `message` once with a "Show Output" action; the
 * credentials of any URL in either are redacted first, and the message is escaped for a
 * notification (it may quote a profile's names or a server's answer: `notificationText`). Does
 * not wait for the user: the command that failed finishes at once.
 */
export function reportError(log: vscode.LogOutputChannel, rawMessage: string, detail?: unknown): void {
  const message = notificationText(redactUrlCredentials(rawMessage));
  log.error(message);
  if (detail !== undefined) log.error(redactUrlCredentials(detail instanceof Error ? (detail.stack ?? detail.message) : String(detail)));
  void vscode.window.showErrorMessage(message, 'Show Output').then((choice) => {
    if (choice === 'Show Output') log.show(true);
  });
}
