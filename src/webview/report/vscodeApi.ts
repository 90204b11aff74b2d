/** The report page's channel to the extension (see `../vscodeChannel.ts`). */
import type { FromReportMessage, ReportViewState } from '../../shared/protocol';
import { createVsCodeChannel } from '../vscodeChannel';

export const { send, loadState, saveState } = createVsCodeChannel<FromReportMessage, ReportViewState>();
