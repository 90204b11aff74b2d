/**
 * Starts the language server (dist/server.js) on first use and hands out the client.
 */
import * as vscode from 'vscode';
import { LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { quietWhileStopping } from './quietWhileStopping';

/** Documents the server gives lenses and hovers for. */
export const DOCUMENT_SELECTOR = ['go', 'javascript', 'typescript', 'javascriptreact', 'typescriptreact'].map((language) => ({ scheme: 'file', language }));

/** Owns the LanguageClient; `get()` starts the server once, later calls reuse it. */
export class ServerClient implements vscode.Disposable {
  private starting: Promise<LanguageClient> | undefined;
  private client: LanguageClient | undefined;
  private disposing = false;
  private readonly onStartedHandlers: ((client: LanguageClient) => void)[] = [];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Runs `handler` with the client once it has started (at once when it has). */
  onStarted(handler: (client: LanguageClient) => void): void {
    this.onStartedHandlers.push(handler);
  }

  get running(): boolean {
    return this.starting !== undefined;
  }

  get(): Promise<LanguageClient> {
    this.starting ??= this.start().catch((e: unknown) => {
      this.starting = undefined;
      throw e;
    });
    return this.starting;
  }

  private async start(): Promise<LanguageClient> {
    const module = this.context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: DOCUMENT_SELECTOR,
      synchronize: { configurationSection: 'dynamoHotpath' },
      outputChannel: this.log,
      middleware: quietWhileStopping(() => this.disposing || this.client?.state !== State.Running),
    };
    const client = new LanguageClient('dynamoHotpath', 'DynamoDB Hot Path', serverOptions, clientOptions);
    this.client = client;
    this.log.info(`starting language server ${module}`);
    await client.start();
    for (const handler of this.onStartedHandlers) handler(client);
    return client;
  }

  async dispose(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.disposing = true;
    if (starting) await (await starting).stop();
  }
}
