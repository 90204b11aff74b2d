/**
 * Registers the fleet commands: Open Profile from Pyroscope…, Compare Around Deploy… and
 * Forget Pyroscope Credentials…. Failures are reported once (message naming the server and what
 * to check, detail in the Output channel); no secret is ever part of either.
 */
import * as vscode from 'vscode';
import { displayUrl } from '../../core/fleet/endpoint';
import type { CompareCommandHost } from '../compareCommand';
import { reportError } from '../log';
import { compareAroundDeploy } from './compareAroundDeploy';
import { credentialKey, forgetAuth } from './credentials';
import { openFromPyroscope } from './openFromPyroscope';

const KNOWN_SERVERS_KEY = 'dynamoHotpath.pyroscope.knownServers';

/** What the fleet commands need of the extension: the comparison host, and the profiles in use (paths) that the storage clean-up must keep. */
export interface FleetHost extends CompareCommandHost {
  readonly profilesInUse: () => readonly string[];
}

export function registerFleetCommands(context: vscode.ExtensionContext, host: FleetHost): void {
  const guard = (run: (arg: unknown) => Promise<unknown>) => async (arg: unknown) => {
    try {
      return await run(arg);
    } catch (e) {
      reportError(host.log, `DynamoDB Hot Path: ${e instanceof Error ? e.message : String(e)}`, e);
      return undefined;
    }
  };
  // Remember which servers have stored credentials, so they can be forgotten from a list.
  context.subscriptions.push(
    context.secrets.onDidChange(async (e) => {
      if (!e.key.startsWith(credentialKey(''))) return;
      const url = e.key.slice(credentialKey('').length);
      const known = new Set(context.globalState.get<string[]>(KNOWN_SERVERS_KEY) ?? []);
      if (await context.secrets.get(e.key)) known.add(url);
      else known.delete(url);
      await context.globalState.update(KNOWN_SERVERS_KEY, [...known]);
    }),
    vscode.commands.registerCommand('dynamoHotpath.openFromPyroscope', guard((arg) => openFromPyroscope(context, host, arg))),
    vscode.commands.registerCommand('dynamoHotpath.compareAroundDeploy', guard((arg) => compareAroundDeploy(context, host, arg))),
    vscode.commands.registerCommand(
      'dynamoHotpath.forgetPyroscopeCredentials',
      guard(async () => {
        const known = context.globalState.get<string[]>(KNOWN_SERVERS_KEY) ?? [];
        if (known.length === 0) return void vscode.window.showInformationMessage('DynamoDB Hot Path: no Pyroscope or Prometheus credentials are stored.');
        const picked = await vscode.window.showQuickPick(known, { title: 'Forget the stored credentials of', canPickMany: true });
        for (const url of picked ?? []) {
          await forgetAuth(context.secrets, url);
          host.log.info(`forgot the credentials of ${displayUrl(url)}`);
        }
      }),
    ),
  );
}
