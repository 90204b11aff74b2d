/**
 * The status bar item shown while a profile is loaded: `DynamoDB 46.9%` and the profile's
 * name; clicking it opens the report. Also sets the `dynamoHotpath.profileLoaded` context key.
 */
import * as vscode from 'vscode';
import type { ProfileSummary } from '../shared/protocol';

export function createStatusBar(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('dynamoHotpath.profile', vscode.StatusBarAlignment.Left, 10);
  item.name = 'DynamoDB Hot Path';
  item.command = 'dynamoHotpath.showReport';
  return item;
}

/** Shows `summary` in `item`, or hides it when no profile is loaded. */
export function updateStatusBar(item: vscode.StatusBarItem, summary: ProfileSummary | null): void {
  void vscode.commands.executeCommand('setContext', 'dynamoHotpath.profileLoaded', summary !== null);
  if (!summary) {
    item.hide();
    return;
  }
  item.text = `$(flame) DynamoDB ${summary.dynamoPercent.toFixed(1)}% · ${summary.name}`;
  item.tooltip = `${summary.name}: ${summary.dynamoPercent.toFixed(1)}% of ${summary.sampleType} in DynamoDB marshalling. Click for the report.`;
  item.show();
}
