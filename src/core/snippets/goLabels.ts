/**
 * The Go call labels (`snippets/go/ddblabels`): a small package users add to their service so
 * that each DynamoDB call is labelled with its call site (pprof labels the dial goroutine
 * inherits, so TLS handshakes are credited) and counted (attempts, retries, errors, handshakes,
 * unprocessed items; written as a run record). Its files are shipped in the package and read from
 * beside this code; this module picks the files for an SDK and renames the package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Which SDK's file goes with the common one. */
export type GoLabelsSdk = 'v1' | 'v2' | 'both';

/** One file to write: its name and text. */
export interface SnippetFile {
  readonly name: string;
  readonly text: string;
}

/** Thrown when the snippet cannot be found or a package name is not a Go identifier. */
export class SnippetError extends Error {
  override readonly name = 'SnippetError';
}

/** The `snippets/go/ddblabels` folder: walks up from `baseDir` (dist/ or src/core/snippets). */
export function findGoLabelsSource(baseDir = __dirname): string {
  for (let dir = baseDir, i = 0; i < 6; i++, dir = dirname(dir)) {
    const candidate = join(dir, 'snippets', 'go', 'ddblabels');
    if (existsSync(join(candidate, 'labels.go'))) return candidate;
  }
  throw new SnippetError(`the Go call labels (snippets/go/ddblabels/labels.go) were not found above ${baseDir}`);
}

const GO_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The files of the Go call labels for `sdk`, in package `packageName` (default `ddblabels`).
 * @throws SnippetError for a package name that is not a Go identifier, or when the files are missing
 */
export function goLabelsFiles(sdk: GoLabelsSdk, packageName = 'ddblabels', sourceDir = findGoLabelsSource()): SnippetFile[] {
  if (!GO_IDENTIFIER.test(packageName)) throw new SnippetError(`'${packageName}' is not a Go package name`);
  const names = ['labels.go', ...(sdk === 'v2' ? [] : ['v1.go']), ...(sdk === 'v1' ? [] : ['v2.go'])];
  return names.map((name) => ({ name, text: readFileSync(join(sourceDir, name), 'utf8').replace(/^package ddblabels$/m, `package ${packageName}`) }));
}

/** How to wire the labels in, for each SDK (`pkg` is the import name). */
export function goLabelsUsage(sdk: GoLabelsSdk, pkg: string): string[] {
  const v1 = [`aws-sdk-go v1:  svc := dynamodb.New(sess); ${pkg}.InstrumentV1(svc.Client)`];
  const v2 = [`aws-sdk-go-v2:  client := dynamodb.NewFromConfig(cfg, ${pkg}.WithV2)`];
  return [
    ...(sdk === 'v2' ? [] : v1),
    ...(sdk === 'v1' ? [] : v2),
    `at exit:        ${pkg}.WriteRunRecord("cpu.pb.gz.json", requestsServed)  // the counts beside the profile`,
    'then:           dynamo-hotpath analyze cpu.pb.gz --run-record cpu.pb.gz.json',
  ];
}
