/**
 * The status bar item shown while a profile is loaded: `DynamoDB 46.5% (41.6% est.)` and the
 * profile's name, the measured / estimated / unattributed split in its tooltip; clicking it
 * opens the report. Also sets the `dynamoHotpath.profileLoaded` context key.
 */
import * as vscode from 'vscode';
import type { ProfileSummary } from '../shared/protocol';
import { attributionLine, offLensSentence, statusBarText, truncationLine, unattributedSentences } from '../core/analysis/attributionText';

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
  const shares = summary.attribution;
  item.text = `$(flame) ${shares ? statusBarText(shares) : `DynamoDB ${summary.dynamoPercent.toFixed(1)}%`} · ${summary.name}`;
  const detail = shares ? [`Credited to your code: ${attributionLine(shares)}.`, ...unattributedSentences(shares), truncationLine(shares) ?? '', offLensSentence(shares) ?? ''].filter((l) => l) : [];
  item.tooltip = [`${summary.name}: ${summary.dynamoPercent.toFixed(1)}% of ${summary.sampleType} in DynamoDB marshalling.`, ...detail, 'Click for the report.'].join('\n');
  item.show();
}
