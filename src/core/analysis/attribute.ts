/**
 * The attribution pass: decides each sample's DynamoDB category and credits it to the nearest
 * frame of the user's own code above the marshalling (the call site).
 *
 * A sample's category is that of its innermost categorised frame: walk from the leaf towards
 * the root, skip transparent frames (runtime, standard library, builtins: their cost belongs to
 * the caller), and let the first remaining frame decide. So `reflect.StructTag.Lookup` under
 * `jsonutil.unmarshalStruct` is DynamoDB protocol unmarshal, while a sample in the SDK's HTTP
 * middleware is not marshalling even when a deserializer middleware sits further up.
 */
import { DYNAMO_CATEGORIES, MARSHALLING_CATEGORIES, type DynamoCategory, type SdkId } from '../detect/types';
import { directionFromStack, type RuleMatch } from '../detect/classify';
import { categoryOf, type FrameRule } from '../detect/rules';
import { SAMPLE_REPAIR, type Profile } from '../profile/model';
import type { PathResolution, PathResolver } from '../paths/types';
import { ChainTrie } from './chainTrie';
import { estimateMethod, familyIndexOfSdk, SDK_FAMILIES, UnattributedEstimator } from './estimate';
import { operationNamed, type DynamoOperation } from '../source/dynamoOperations';
import { OPERATION_LABEL, SDK_LABEL } from './recorderLabels';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';
import { codeOperationsReader } from './siteCode';
import { recordedFiles, type RecordedFiles } from './recordedFiles';
import { classifyFunctions, matchOf, operationOf, serviceOf, type FunctionClasses, DYNAMO_CLIENT, ERROR_PATH, GC, MARSHAL, MATCH, MODULE_LOAD, OTHER_CLIENT, REFLECT, SHARED_MEMBER, TLS_INBOUND, TLS_OUTBOUND, TRANSPARENT } from './functionClasses';
import { isDynamoRequestLabel, ServiceSplit, serviceSplitMethod, type SplitTier } from './serviceEvidence';
import { UnknownServiceWork } from './unknownService';
import { makingClient, memberDepth, serviceAt, utilityOfCaller } from './stackWalks';
import { addToEstimate, emptyEstimate, mergeEstimate, type SiteEstimateAccumulator } from './siteEstimates';
import type { EstimateParts } from './types';
import type { FrameKeys } from './frameKeys';
import { recordedFrameCount, recordedHelperDepth, recordedUserCaller } from './recordedCallSites';
import { forEachStack, readStack, StackBuffer } from '../profile/columns/sampleTable';
import { frameTableOf, sampleTableOf } from '../profile/columns/profileTables';
import { FlatCumCounter } from './flatCum';

/** In the walk's packed per-frame bits only: the frame is the user's code; the SDK family + 1 sits above it (above the function flags' bits). */
const USER = 1 << 14;
const FAMILY_SHIFT = 15;
/** Which service a shared protocol sample was for ({@link serviceAt}). */
const DYNAMO = 0;
const OTHER = 1;
const UNKNOWN = 2;
const IS_RESPONSE = DYNAMO_CATEGORIES.map((c) => c.endsWith('-unmarshal'));

/** Index of each category in the per-call-site weight arrays. */
export const CATEGORY_INDEX: Readonly<Record<DynamoCategory, number>> = Object.fromEntries(
  DYNAMO_CATEGORIES.map((c, i) => [c, i]),
) as Record<DynamoCategory, number>;

/** What the pass accumulates for one call site (one user line, or one user function when lines are unknown). */
export interface CallSiteAccumulator {
  /** The user frame id that first produced this call site (its line/function identify it). */
  readonly frame: number;
  dynamoWeight: number;
  dynamoCount: number;
  reflectionWeight: number;
  /** Part of `dynamoWeight` credited through a recorded call site (a recorder label). */
  labelledWeight: number;
  /**
   * Estimated DynamoDB weight of this call site (not in `dynamoWeight`), when any: a share of the
   * unattributed marshalling, cut stacks completed onto it, shared protocol work whose service
   * was estimated.
   */
  estimate?: SiteEstimateAccumulator;
  /** Part of `estimate` from this call site's own samples (cut stacks completed onto it, service estimated), not shares of others'. */
  direct?: SiteEstimateAccumulator;
  /** Weight per category, indexed by {@link CATEGORY_INDEX}. */
  readonly byCategory: Float64Array;
  /** Weight per `ruleId|category`, for the dominant SDK. */
  readonly byRule: Map<string, number>;
  readonly chain: ChainTrie;
  /**
   * DynamoDB weight from cut stacks completed onto this call site (part of `estimate`, never of
   * `dynamoWeight`): with the one completion that fits or completions that all reach this call
   * site, and shared with other call sites.
   */
  repairedWeight: number;
  sharedWeight: number;
  /** Part of `dynamoWeight` per caller (the user frame that called the call site's function), keyed like call sites. */
  readonly callers: Map<number, CallerAccumulator>;
  /** The DynamoDB operations its measured samples ran: from their `record` label, else an SDK frame beneath the call site. */
  operations?: Set<DynamoOperation>;
  /** The operations the code at its line names (`siteCode.ts`), when it could be read. */
  codeOperations?: ReadonlySet<DynamoOperation>;
  /** Frame ids of the helper a recorded call went through, from the business line's callee to the SDK call (`recordedHelperDepth`). */
  through?: readonly number[];
}

/** The part of a call site's DynamoDB weight that came through one caller line. */
export interface CallerAccumulator {
  /** The caller's user frame id (the first one seen for this line). */
  readonly frame: number;
  /** True when the frame is a caller recorded by `dynamo-hotpath record` (the exact line of the call). */
  readonly recorded: boolean;
  dynamoWeight: number;
  dynamoCount: number;
}

export interface AttributionResult {
  readonly byCategory: Float64Array;
  readonly dynamoWeight: number;
  readonly dynamoCount: number;
  /** Samples with any marshalling frame anywhere on the stack (upper bound). */
  readonly anyFrameWeight: number;
  readonly gcWeight: number;
  /**
   * Outbound TLS handshakes (or of no known side) with no evidence of a DynamoDB client: no DynamoDB
   * client frame on the stack and no recorded call site. Not counted as DynamoDB connection setup.
   */
  readonly tlsUnknownHostWeight: number;
  /** TLS handshakes of the process's own listeners (server side, `handshakeSide.ts`): never connection churn. */
  readonly tlsInboundWeight: number;
  /** SDK marshalling code running under Node's module loader (`require` of the SDK), not counted as marshalling. */
  readonly moduleLoadingWeight: number;
  /** Marshalling with no user frame above it (async continuations, other goroutines). */
  readonly unattributedWeight: number;
  /** Part of the credited marshalling that reached its call site through a recorder label. */
  readonly labelledWeight: number;
  /** DynamoDB weight measured on call sites: a frame of the user's code on the sample's own stack, or a recorder label (every call site's `dynamoWeight`). */
  readonly measuredWeight: number;
  /** DynamoDB weight credited to call sites as an estimate (every call site's `estimate`). */
  readonly estimatedWeight: number;
  /** How the estimates were made (`estimate.ts`, `repair/`, `serviceEvidence.ts`), when any weight was estimated. */
  readonly estimateMethod?: string;
  /** Shared AWS protocol work of other services than DynamoDB (not in any DynamoDB figure). */
  readonly otherServicesWeight: number;
  /** Part of `otherServicesWeight` assigned by the service estimate (the stack showed no client). */
  readonly otherServicesEstimatedWeight: number;
  /** `otherServicesWeight` per service named on the stack (`kinesis`); `''` for work whose service has no name (estimated, or told by a missing `record` label). */
  readonly otherServices: ReadonlyMap<string, number>;
  /** Part of `dynamoWeight` whose service the stack did not tell (counted as DynamoDB by the service estimate). */
  readonly serviceEstimatedWeight: number;
  /** `estimatedWeight` by method: shares among call sites by their SDK calls, cut stacks completed, service estimated on a line. */
  readonly estimateParts: EstimateParts;
  readonly callSites: Map<number, CallSiteAccumulator>;
  /** Weight per migration id. */
  readonly byMigration: Map<string, number>;
  /** Per function id (`FrameKeys.functionOf`): its classes, the rule match among them ({@link matchOf}). */
  readonly classes: FunctionClasses;
  /** Per frame id: whether it is the user's own code. */
  readonly isUser: Uint8Array;
  /**
   * Per distinct recorded file, in order of first frame: its resolution and the weight of samples
   * through it (once per sample). Entries are made as they are iterated (the synthetic's 23,000
   * files as a `Map` of objects held 2.6 MB of heap at the end of the analysis).
   */
  readonly files: Iterable<readonly [string, { readonly resolution: PathResolution; readonly weight: number }]>;
  /** DynamoDB weight per {@link SAMPLE_REPAIR} state (index), when the profile had cut stacks. */
  readonly dynamoByRepair: Float64Array;
  /**
   * DynamoDB TLS handshake weight per SDK family (`estimate.ts` SDK_FAMILIES): the SDK frame under
   * the handshake, else the recorded call's `ddb.sdk` label; handshakes of no known SDK are in none.
   */
  readonly handshakesByFamily: Float64Array;
}

/**
 * Runs the attribution pass over every sample of `profile`.
 *
 * @param resolver maps recorded files to the workspace; a frame is user code when its file resolves.
 * @param recordedCallSites true when `graftRecordedCallSites` ran: a sample with a recorder
 *   call-site label ends with its recorded call site and then its recorded callers; the call site
 *   takes the credit when no user frame is above the marshalling or when the nearest one is the
 *   same function (the label knows the exact line; a V8 frame only the function's head).
 *
 * A call site's caller is the next user frame towards the root in another function (the
 * recorded caller after a recorded call site): each call site's `callers` splits its measured
 * DynamoDB weight by caller line; what had no caller is the rest of `dynamoWeight`.
 * @param sources reads the user's files, to find the operations each call site runs for the
 *   estimates (`siteCode.ts`); without it only SDK frames name operations.
 * @param flatCum counts flat/cum on the same walk over the stacks (`analyze.ts` passes one, which
 *   saves a second pass over every stack frame; else the walk makes its own); its line tables then
 *   count the lines of the user's code only ({@link FlatCumCounter.countLinesOnly}). The walk
 *   reads each sample's functions from it ({@link FlatCumCounter.firstSights}).
 * @param fileTable the frames' {@link recordedFiles} with this `resolver`, when the caller has them already.
 * @param chainDepth how many frames beneath each call site its chain trie keeps ({@link ChainTrie}):
 *   the longest typical chain the caller reports, less the call site's own frame; all by default.
 */
export function attributeSamples(
  profile: Profile,
  keys: FrameKeys,
  resolver: PathResolver,
  recordedCallSites = false,
  sources?: SourceMapFiles,
  flatCum: FlatCumCounter = new FlatCumCounter(keys),
  fileTable: RecordedFiles = recordedFiles(frameTableOf(profile), resolver),
  chainDepth = Infinity,
): AttributionResult {
  const table = frameTableOf(profile);
  const functionOf = keys.functionOf;
  // Classified once per function (frames of one function differ only by line) and read through
  // `functionOf`: per-frame copies cost 13 MB on the 50 MB synthetic (700,000 frames).
  const classes = classifyFunctions(table, keys);
  const { flags, family } = classes;
  // DynamoDB's v3 codec ran: a member-level read of the shared serde without it is another service's.
  const codecInProfile = classes.matchList.some((m) => m.rule.id === 'js-v3-dynamodb-codec');
  const dynamoLabel = (profile.labelSets ?? []).map(isDynamoRequestLabel);
  const labelOperation = (profile.labelSets ?? []).map((set) => operationOfLabel(set[OPERATION_LABEL]));
  const samples = sampleTableOf(profile);
  const labelsOf = samples.labels;
  // `record` labelled samples of DynamoDB requests: unlabelled shared protocol work is another service's.
  const recordedDynamo = labelsOf !== undefined && labelsOf.some((set, s) => set >= 0 && dynamoLabel[set] === true && samples.weight[s]! > 0);
  const matchAt = (frame: number) => matchOf(classes, functionOf[frame]!);
  const recordedDepth = recordedCallSites ? (profile.labelSets ?? []).map(recordedFrameCount) : [];
  const helperDepth = recordedCallSites ? (profile.labelSets ?? []).map(recordedHelperDepth) : [];
  const { names: fileNames, resolutions: fileResolutions, fileOfString, isUser } = fileTable;
  // Line totals are read at call sites only, and a call site is always a frame of the user's code.
  flatCum.countLinesOnly(isUser);
  // What the walk reads per function side by side (file index; flags, USER and family + 1 as bits), and per file (last sample, weight): one cache miss each on a large profile.
  const functionInfo = packFunctionInfo(keys.functionFrame, fileOfString, table.fileId, flags, isUser, family);
  const fileAcc = new Float64Array(2 * fileNames.length);
  for (let i = 0; i < fileAcc.length; i += 2) fileAcc[i] = -1;

  const byCategory = new Float64Array(DYNAMO_CATEGORIES.length);
  const callSites = new Map<number, CallSiteAccumulator>();
  const byMigration = new Map<string, number>();
  // The profile-wide sums as fields of one object: `let`s that the per-sample callback adds to
  // would be boxed numbers in its context, a new heap number per addition.
  const sums = { dynamoWeight: 0.5, dynamoCount: 0.5, anyFrameWeight: 0.5, gcWeight: 0.5, unattributedWeight: 0.5, tlsUnknownHostWeight: 0.5, tlsInboundWeight: 0.5, moduleLoadingWeight: 0.5, labelledWeight: 0.5, otherServicesWeight: 0.5 };
  for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] = 0;
  const apisCalled = new Set<string>();
  const repairOf = profile.truncation?.sampleRepair;
  const originOf = profile.truncation?.sampleOrigin;
  const ownDepthOf = profile.truncation?.sampleOwnDepth;
  const dynamoByRepair = new Float64Array(4);
  const handshakesByFamily = new Float64Array(SDK_FAMILIES.length);
  const labelFamily = (profile.labelSets ?? []).map((set) => (set[SDK_LABEL] ? familyIndexOfSdk(set[SDK_LABEL] as SdkId) : -1));
  /** Shares of cut samples split among completions: origin → the call sites they reached. */
  const shares = new Map<number, { site: CallSiteAccumulator; weight: number }[]>();
  const estimator = new UnattributedEstimator();
  const split = new ServiceSplit();
  const unknown = new UnknownServiceWork();
  const otherServices = new Map<string, number>();
  const requestSiteFrames = new Map<number, number>();
  const ruleKeys = new Map<FrameRule, string[]>();
  const siteKey = (frame: number) => {
    const line = keys.lineOf[frame]!;
    return line >= 0 ? line : -1 - functionOf[frame]!;
  };

  // The chain tries read a sample's stack again when a later stack enters its tail (chainTrie.ts).
  const chainBuffer = new StackBuffer();
  const stackOf = (sample: number) => {
    const depth = readStack(samples, sample, chainBuffer);
    return chainBuffer.ids.subarray(0, depth);
  };
  const chainOf = () => new ChainTrie(chainDepth, stackOf);
  forEachStack(samples, (stack, s) => {
    const weight = samples.weight[s]!;
    const count = samples.count[s]!;
    flatCum.add(stack, s, weight, count);
    const labels = labelsOf ? labelsOf[s]! : -1;
    const labelled = labels >= 0 && dynamoLabel[labels] === true;
    const depth = labels >= 0 ? (recordedDepth[labels] ?? 0) : 0;
    const recordedSite = depth > 0 && stack.length >= depth ? stack.length - depth : -1;
    // Through a helper, the business line past it is the call site; the helper's frames are its path.
    const recorded = recordedSite >= 0 ? recordedSite + (helperDepth[labels] ?? 0) : -1;
    const credited = (from: number) => {
      const u = creditedUser(stack, from, firstUser, recorded, isUser, functionOf);
      return recorded > recordedSite && u < recorded && table.fileId[stack[u]!] === table.fileId[stack[recordedSite]!] ? recorded : u;
    };
    let stackFlags = 0;
    let firstUser = -1;
    let sdkFamily = -1;
    // Frames of one function share its file and bits: the first frame of each function decides
    // (recursive SDK stacks repeat a few functions many times).
    const sights = flatCum.firstSights;
    for (let k = 0; k < 2 * flatCum.firstSightCount; k += 2) {
      const at = 2 * sights[k + 1]!;
      const file = 2 * functionInfo[at]!;
      if (fileAcc[file] !== s) {
        fileAcc[file] = s;
        fileAcc[file + 1]! += weight;
      }
      const bits = functionInfo[at + 1]!;
      stackFlags |= bits;
      if (firstUser < 0) {
        if (bits & USER) firstUser = sights[k]!;
        else if (sdkFamily < 0) sdkFamily = (bits >> FAMILY_SHIFT) - 1;
      }
    }
    const anyMatch = (stackFlags & MARSHAL) !== 0;
    const anyGc = (stackFlags & GC) !== 0;
    const loading = (stackFlags & MODULE_LOAD) !== 0;
    if (anyMatch) sums.anyFrameWeight += weight;

    let d = 0;
    while (d < stack.length && (flags[functionOf[stack[d]!]!]! & (TRANSPARENT | MATCH)) === TRANSPARENT) d++;
    const decider = d < stack.length && !utilityOfCaller(stack, d, flags, functionOf, matchAt) ? matchAt(stack[d]!) : undefined;
    // SDK work that is not marshalling and shows whose client it is: the service estimate's last basis.
    // A client being made (`new DynamoDBClient()`: its constructor nearest the leaf) is no request of it.
    const making = (stackFlags & (DYNAMO_CLIENT | OTHER_CLIENT)) !== 0 && makingClient(stack, flags, functionOf, table, keys);
    const clientFlags = loading || making ? 0 : stackFlags & (DYNAMO_CLIENT | OTHER_CLIENT);
    const otherRequest = (!labelled && recordedDynamo) || clientFlags === OTHER_CLIENT;
    if (clientFlags & DYNAMO_CLIENT) split.dynamoRan = true;
    if (clientFlags & OTHER_CLIENT) split.otherRan = true;
    if (!decider && sdkFamily >= 0 && !loading && (labelled || clientFlags === DYNAMO_CLIENT || clientFlags === OTHER_CLIENT)) {
      split.addFamily(sdkFamily, !otherRequest, weight);
    }
    // The estimates' basis: SDK work that is not marshalling (signing, HTTP, middleware), about
    // the same per call whatever the item sizes; module loading at `require` is no call; another
    // service's request is no DynamoDB call.
    if (!decider && firstUser >= 0 && sdkFamily >= 0 && !loading && !otherRequest) {
      const requester = stack[credited(firstUser)]!;
      const key = siteKey(requester);
      if (!requestSiteFrames.has(key)) requestSiteFrames.set(key, requester);
      estimator.addRequestSide(key, sdkFamily, weight, operationIn(stack, 0, firstUser, classes, functionOf));
    }
    if (!decider) {
      if (anyGc && !anyMatch) sums.gcWeight += weight;
      return;
    }
    // Marshalling code run while a client is made (its codec, its middleware stack) is set-up, not an item's.
    if (making) return;
    const u = credited(d + 1);
    // Marshalling beneath an error decoder (the exception's own shape) is error work.
    const decided = categoryOf(decider.rule, directionFromStack(stack, d, matchAt));
    const category = stackFlags & ERROR_PATH && MARSHALLING_CATEGORIES.has(decided) && anyFlag(stack, d + 1, u, flags, functionOf, ERROR_PATH) ? 'error-response' : decided;
    const marshalling = MARSHALLING_CATEGORIES.has(category);
    // stackFlags has every frame's flags: a flag absent from it is absent from any part of the stack.
    if (category === 'connection-setup') {
      if ((stackFlags & TLS_INBOUND) && innermostSide(stack, 0, flags, functionOf) === TLS_INBOUND) {
        sums.tlsInboundWeight += weight;
        return;
      }
      // A recorded call site is a DynamoDB request's (the recorder and the Go labels mark only those).
      if (!(stackFlags & DYNAMO_CLIENT) && recorded < 0) {
        sums.tlsUnknownHostWeight += weight;
        return;
      }
    } else if (marshalling && loading && anyFlag(stack, d + 1, u, flags, functionOf, MODULE_LOAD)) {
      sums.moduleLoadingWeight += weight;
      return;
    }
    const ci = CATEGORY_INDEX[category];
    if (!decider.rule.shared && category !== 'connection-setup') split.dynamoRan = true;
    const rule = apiRule(stack, d, u, matchAt, decider.rule);
    const ruleKey = ruleKeyOf(ruleKeys, rule, ci, category);
    if (decider.rule.shared && category !== 'connection-setup') {
      const at = serviceAt(stack, d, flags, functionOf);
      const service =
        at >= 0 ? (flags[functionOf[stack[at]!]!]! & DYNAMO_CLIENT ? DYNAMO : OTHER)
        : labelled ? DYNAMO
        : recordedDynamo || (codecInProfile && stackFlags & SHARED_MEMBER && memberDepth(stack, d, flags, functionOf) >= 2) ? OTHER
        : UNKNOWN;
      const sdk = familyIndexOfSdk(decider.rule.sdk);
      // The split sees the side the protocol code ran for: an error answer's shape is read as a response.
      if (service !== UNKNOWN && sdk >= 0) split.addShared(sdk, IS_RESPONSE[CATEGORY_INDEX[decided]]!, service === DYNAMO, weight);
      if (service === OTHER) {
        const name = (at >= 0 && serviceOf(classes, functionOf[stack[at]!]!)) || '';
        otherServices.set(name, (otherServices.get(name) ?? 0) + weight);
        sums.otherServicesWeight += weight;
        return;
      }
      // Only marshalling is estimated by service; an error answer of no known service stays DynamoDB's, as its decoder rule's own samples are.
      if (service === UNKNOWN && sdk >= 0 && marshalling) {
        const credited = u < stack.length;
        const operation = operationIn(stack, 0, stack.length, classes, functionOf);
        const entry = { family: sdk, categoryIndex: ci, ruleKey, migration: rule.migration, siteKey: credited ? siteKey(stack[u]!) : undefined, frame: credited ? stack[u]! : -1, operation, repair: repairOf?.[s] ?? 0 };
        unknown.add(entry, weight, count);
        return;
      }
    }
    // The SDK's retry middleware and error decoders run for every service's client: another service's request is no DynamoDB figure.
    if (!marshalling && category !== 'connection-setup' && otherRequest) return;
    byCategory[ci]! += weight;
    if (category === 'connection-setup') {
      const family = sdkFamily >= 0 ? sdkFamily : labels >= 0 ? labelFamily[labels]! : -1;
      if (family >= 0) handshakesByFamily[family]! += weight;
    }
    if (marshalling) {
      sums.dynamoWeight += weight;
      sums.dynamoCount += count;
      if (repairOf) dynamoByRepair[repairOf[s]!]! += weight;
    }
    if (rule.migration && category !== 'error-response') byMigration.set(rule.migration, (byMigration.get(rule.migration) ?? 0) + weight);
    apisCalled.add(rule.id);
    if (u >= stack.length) {
      if (!marshalling) return;
      sums.unattributedWeight += weight;
      const sdk = familyIndexOfSdk(decider.rule.sdk);
      if (sdk >= 0) estimator.addUnattributed(sdk, ci, ruleKey, weight, operationIn(stack, 0, stack.length, classes, functionOf));
      return;
    }
    const userFrame = stack[u]!;
    const site = siteFor(callSites, siteKey(userFrame), userFrame, chainOf);
    const repair = repairOf?.[s];
    // A cut stack completed from other stacks whose call site lies in the completed part: inferred, not on the sample's own stack.
    if (marshalling && (repair === SAMPLE_REPAIR.repaired || repair === SAMPLE_REPAIR.shared) && u >= ownDepthOf![s]!) {
      addDirectEstimate(site, ci, ruleKey, weight);
      if (repair === SAMPLE_REPAIR.repaired) site.repairedWeight += weight;
      else {
        const list = shares.get(originOf![s]!) ?? [];
        list.push({ site, weight });
        shares.set(originOf![s]!, list);
      }
      site.chain.add(stack, u - 1, weight, s);
      return;
    }
    site.byCategory[ci]! += weight;
    site.byRule.set(ruleKey, (site.byRule.get(ruleKey) ?? 0) + weight);
    if (!marshalling) return;
    site.dynamoWeight += weight;
    site.dynamoCount += count;
    const operation = u === recorded ? labelOperation[labels] : operationIn(stack, 0, u, classes, functionOf);
    if (operation) (site.operations ??= new Set()).add(operation);
    if (u === recorded) {
      site.labelledWeight += weight;
      sums.labelledWeight += weight;
      if (recorded > recordedSite && !site.through) site.through = Array.from(stack.subarray(recordedSite, recorded)).reverse();
    }
    const recordedCaller = recordedUserCaller(stack, recorded, isUser);
    let caller = u === recorded ? recordedCaller : callerOf(stack, u, isUser, functionOf);
    // As for call sites: the recorded caller knows the line of the call, a V8 frame only its function's head.
    if (caller >= 0 && recordedCaller >= 0 && functionOf[caller] === functionOf[recordedCaller]) caller = recordedCaller;
    if (caller >= 0) {
      const key = siteKey(caller);
      let share = site.callers.get(key);
      if (!share) site.callers.set(key, (share = { frame: caller, recorded: caller === recordedCaller, dynamoWeight: 0, dynamoCount: 0 }));
      share.dynamoWeight += weight;
      share.dynamoCount += count;
    }
    for (let i = 0; i < d; i++) {
      if (flags[functionOf[stack[i]!]!]! & REFLECT) {
        site.reflectionWeight += weight;
        break;
      }
    }
    site.chain.add(stack, u - 1, weight, s);
  });

  // A cut sample shared among completions that all reach one call site is certain for that site.
  for (const list of shares.values()) {
    const certain = list.every((share) => share.site === list[0]!.site);
    for (const { site, weight } of list) {
      if (certain) site.repairedWeight += weight;
      else site.sharedWeight += weight;
    }
  }
  // Shared protocol work whose service no stack told: DynamoDB's estimated fraction joins the DynamoDB figures.
  const tiers = new Set<SplitTier>();
  let otherServicesEstimatedWeight = 0;
  let serviceEstimatedWeight = 0;
  let serviceAtSites = 0;
  for (const e of unknown.all()) {
    const { fraction, tier } = split.fraction(e.family, IS_RESPONSE[e.categoryIndex]!);
    tiers.add(tier);
    const dynamo = e.weight * fraction;
    otherServicesEstimatedWeight += e.weight - dynamo;
    if (!(dynamo > 0)) continue;
    serviceEstimatedWeight += dynamo;
    byCategory[e.categoryIndex]! += dynamo;
    sums.dynamoWeight += dynamo;
    sums.dynamoCount += e.count * fraction;
    if (repairOf) dynamoByRepair[e.repair]! += dynamo;
    if (e.migration) byMigration.set(e.migration, (byMigration.get(e.migration) ?? 0) + dynamo);
    if (e.siteKey !== undefined) {
      serviceAtSites += dynamo;
      addDirectEstimate(siteFor(callSites, e.siteKey, e.frame, chainOf), e.categoryIndex, e.ruleKey, dynamo);
    } else {
      sums.unattributedWeight += dynamo;
      estimator.addUnattributed(e.family, e.categoryIndex, e.ruleKey, dynamo, e.operation);
    }
  }
  if (otherServicesEstimatedWeight > 0) otherServices.set('', (otherServices.get('') ?? 0) + otherServicesEstimatedWeight);
  // The JSON parser serves every aws-sdk v2 client: its DocumentClient migration only applies when DocumentClient was called.
  if (!apisCalled.has('js-v2-document-client')) byMigration.delete('js-lib-dynamodb');
  const codeAt = codeOperationsReader(table, resolver, sources);
  for (const site of callSites.values()) {
    const code = codeAt(site.frame);
    if (code && code.operations.size > 0) site.codeOperations = code.operations;
  }
  const estimates = estimator.share((key) => codeAt(requestSiteFrames.get(key)!));
  for (const [key, estimate] of estimates.sites) mergeEstimate((siteFor(callSites, key, requestSiteFrames.get(key)!, chainOf).estimate ??= emptyEstimate()), estimate);
  let estimatedWeight = 0;
  let measuredWeight = 0;
  let repairEstimatedWeight = 0;
  for (const site of callSites.values()) {
    measuredWeight += site.dynamoWeight;
    estimatedWeight += site.estimate?.weight ?? 0;
    repairEstimatedWeight += site.repairedWeight + site.sharedWeight;
  }
  const files = {
    *[Symbol.iterator]() {
      for (let i = 0; i < fileNames.length; i++) yield [fileNames[i]!, { resolution: fileResolutions[i]!, weight: fileAcc[2 * i + 1]! }] as const;
    },
  };
  const methods = [
    ...(unknown.weight > 0 ? [serviceSplitMethod(tiers, pct(unknown.weight, profile.totalWeight), pct(serviceEstimatedWeight, profile.totalWeight))] : []),
    ...(repairEstimatedWeight > 0 ? [repairMethod(profile.truncation!.depthLimit)] : []),
    ...(estimates.sites.size > 0 ? [estimateMethod(estimates)] : []),
  ];
  const method = methods.length > 0 ? { estimateMethod: methods.join('; ') } : {};
  let callShares = 0;
  for (const estimate of estimates.sites.values()) callShares += estimate.weight;
  const estimateParts = { calls: callShares, repair: repairEstimatedWeight, service: serviceAtSites };
  const otherSums = { otherServicesEstimatedWeight, otherServices, serviceEstimatedWeight, estimateParts };
  sums.otherServicesWeight += otherServicesEstimatedWeight;
  return { byCategory, ...sums, ...otherSums, measuredWeight, estimatedWeight, ...method, callSites, byMigration, classes, isUser, files, dynamoByRepair, handshakesByFamily };
}

/** Adds estimated work of the call site's own samples (completed cut stacks, service estimated) to its estimate. */
function addDirectEstimate(site: CallSiteAccumulator, categoryIndex: number, ruleKey: string, weight: number): void {
  addToEstimate((site.estimate ??= emptyEstimate()), categoryIndex, ruleKey, weight);
  addToEstimate((site.direct ??= emptyEstimate()), categoryIndex, ruleKey, weight);
}

const pct = (weight: number, total: number) => (total > 0 ? (weight / total) * 100 : 0);

/** How cut stacks were completed onto call sites (`repair/`), for the estimate method. */
function repairMethod(depthLimit: number): string {
  return `stacks cut at ${depthLimit} frames are completed from the full stacks that share their root-most frames, and credited to the call site the completion reaches; where several completions fit, the cut sample is split among them in proportion to the same work measured under each`;
}

/** `ruleId|category`, made once per rule and category instead of once per marshalling sample. */
function ruleKeyOf(keys: Map<FrameRule, string[]>, rule: FrameRule, categoryIndex: number, category: DynamoCategory): string {
  let perCategory = keys.get(rule);
  if (!perCategory) keys.set(rule, (perCategory = []));
  return (perCategory[categoryIndex] ??= `${rule.id}|${category}`);
}

/**
 * Per function id, two words: its file index, and its flags with {@link USER} and family + 1 (from
 * {@link FAMILY_SHIFT}) as bits; file and user mark read at its first frame (`functionFrame`): a
 * function is a (file, name) pair, and its frames share the file and the classes.
 */
function packFunctionInfo(functionFrame: Uint32Array, fileOfString: Int32Array, fileId: Uint32Array, flags: Uint16Array, isUser: Uint8Array, family: Int8Array): Int32Array {
  const info = new Int32Array(2 * functionFrame.length);
  for (let fn = 0; fn < functionFrame.length; fn++) {
    const id = functionFrame[fn]!;
    info[2 * fn] = fileOfString[fileId[id]!]!;
    info[2 * fn + 1] = flags[fn]! | (isUser[id] ? USER : 0) | ((family[fn]! + 1) << FAMILY_SHIFT);
  }
  return info;
}

/**
 * Index of the user frame credited for work at `stack[from…]`: the nearest user frame, or the
 * recorded call site at `recorded` (−1: none) when that is the same function; `stack.length` when none.
 * `firstUser` is the stack's first user frame (−1: none), so the search starts there when it is at or above `from`.
 */
function creditedUser(stack: Uint32Array, from: number, firstUser: number, recorded: number, isUser: Uint8Array, functionOf: Uint32Array): number {
  let u = firstUser < 0 ? stack.length : Math.max(from, firstUser);
  while (u < stack.length && !isUser[stack[u]!]) u++;
  if (recorded >= 0 && u < recorded && isUser[stack[recorded]!] && functionOf[stack[u]!] === functionOf[stack[recorded]!]) u = recorded;
  return u;
}

/** The accumulator of call site `key` (user frame `frame`), created empty when new (its chain trie from `chainOf`). */
function siteFor(callSites: Map<number, CallSiteAccumulator>, key: number, frame: number, chainOf: () => ChainTrie): CallSiteAccumulator {
  let site = callSites.get(key);
  if (!site) {
    site = {
      frame,
      dynamoWeight: 0,
      dynamoCount: 0,
      reflectionWeight: 0,
      labelledWeight: 0,
      repairedWeight: 0,
      sharedWeight: 0,
      byCategory: new Float64Array(DYNAMO_CATEGORIES.length),
      byRule: new Map(),
      chain: chainOf(),
      callers: new Map(),
    };
    callSites.set(key, site);
  }
  return site;
}


/**
 * The rule of the API the user called for a sample decided by `decider` at `stack[d]`: the
 * attribute-level frame of the same SDK nearest the caller (below the user frame at `u`, or the
 * stack's root when there is none). DocumentClient's translator converts through the Converter,
 * so a sample whose innermost frame is in `converter.js` under `translator.js` is DocumentClient
 * work, labelled and migrated as such; the same holds for `@aws-sdk/lib-dynamodb` over
 * `util-dynamodb`. Protocol-level deciders keep their own rule.
 */
function apiRule(stack: Uint32Array, d: number, u: number, matchAt: (frame: number) => RuleMatch | undefined, decider: FrameRule): FrameRule {
  if (decider.family !== 'attribute') return decider;
  for (let i = Math.min(u, stack.length) - 1; i > d; i--) {
    const m = matchAt(stack[i]!);
    if (m && m.rule.family === 'attribute' && m.rule.sdk === decider.sdk) return m.rule;
  }
  return decider;
}

/** The frame of the user's code that called the function of `stack[u]`: the next user frame towards the root in another function; -1 when none. */
function callerOf(stack: Uint32Array, u: number, isUser: Uint8Array, functionOf: Uint32Array): number {
  const fn = functionOf[stack[u]!];
  for (let i = u + 1; i < stack.length; i++) {
    const frame = stack[i]!;
    if (isUser[frame] && functionOf[frame] !== fn) return frame;
  }
  return -1;
}

/** True when a frame of `stack[from..to)` has `flag` (`flags` per function id). */
function anyFlag(stack: Uint32Array, from: number, to: number, flags: Uint16Array, functionOf: Uint32Array, flag: number): boolean {
  for (let i = from; i < Math.min(to, stack.length); i++) if (flags[functionOf[stack[i]!]!]! & flag) return true;
  return false;
}

/** {@link TLS_OUTBOUND} or {@link TLS_INBOUND}: the side marked by the frame nearest the leaf from `stack[from]` on; 0 when none is. */
function innermostSide(stack: Uint32Array, from: number, flags: Uint16Array, functionOf: Uint32Array): number {
  for (let i = from; i < stack.length; i++) {
    const side = flags[functionOf[stack[i]!]!]! & (TLS_OUTBOUND | TLS_INBOUND);
    if (side) return side;
  }
  return 0;
}

/** The operation a `record` label names (`Query`, `PutItem`; lib-dynamodb's `Put` is PutItem), if any. */
function operationOfLabel(name: string | undefined): DynamoOperation | undefined {
  if (!name) return undefined;
  return operationNamed(name) ?? operationNamed(name[0]!.toLowerCase() + name.slice(1));
}

/** The operation named by the frame of `stack[from..to)` nearest `to` (the caller's end), if any. */
function operationIn(stack: Uint32Array, from: number, to: number, classes: FunctionClasses, functionOf: Uint32Array): DynamoOperation | undefined {
  const operation = classes.operation;
  for (let i = Math.min(to, stack.length) - 1; i >= from; i--) {
    if (operation[functionOf[stack[i]!]!] !== 0) return operationOf(classes, functionOf[stack[i]!]!);
  }
  return undefined;
}
