/**
 * package.json edits a migration offers: which dependency sections list a package, and the text
 * with it removed (formatting, order and every other entry kept).
 */

const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** The dependency sections of a package.json text that list `name`; empty for unreadable JSON. */
export function sectionsListing(text: string, name: string): string[] {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  return sections.filter((s) => {
    const deps = manifest[s];
    return typeof deps === 'object' && deps !== null && Object.prototype.hasOwnProperty.call(deps, name);
  });
}

/**
 * `text` (a package.json) without the entry `name` in each dependency section: the entry's line
 * goes, and the comma before it when it was the last entry. Undefined when no section lists it or
 * the text is not JSON. The result is checked to parse and to differ only by that entry.
 */
export function withoutDependency(text: string, name: string): string | undefined {
  const listed = sectionsListing(text, name);
  if (listed.length === 0) return undefined;
  let out = text;
  for (const section of listed) {
    const head = new RegExp(`"${section}"\\s*:\\s*\\{`).exec(out);
    if (!head) return undefined;
    const open = head.index + head[0].length;
    const close = out.indexOf('}', open);
    if (close < 0) return undefined;
    const key = JSON.stringify(name).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const entry = new RegExp(`${key}\\s*:\\s*"[^"]*"(?:\\s*,)?`).exec(out.slice(open, close));
    if (!entry) return undefined;
    let start = open + entry.index;
    let end = start + entry[0].length;
    const trailingComma = entry[0].endsWith(',');
    const lineStart = out.lastIndexOf('\n', start - 1) + 1;
    const ownLine = /^\s*$/.test(out.slice(lineStart, start)) && /^[ \t]*(\r?\n|$)/.test(out.slice(end));
    if (ownLine) {
      start = lineStart;
      end += /^[ \t]*(\r?\n)?/.exec(out.slice(end))![0].length;
    } else {
      end += /^\s*/.exec(out.slice(end))![0].length;
    }
    // The last entry: the comma ending the previous one goes too (alone, when the entry had its own line).
    const previous = trailingComma ? null : /,\s*$/.exec(out.slice(open, start));
    if (previous && ownLine) {
      const comma = open + previous.index;
      out = out.slice(0, comma) + out.slice(comma + 1, start) + out.slice(end);
      continue;
    }
    if (previous) start = open + previous.index;
    out = out.slice(0, start) + out.slice(end);
  }
  try {
    const before = JSON.parse(text) as Record<string, Record<string, string>>;
    const after = JSON.parse(out) as Record<string, Record<string, string>>;
    for (const s of listed) delete before[s]![name];
    return JSON.stringify(before) === JSON.stringify(after) ? out : undefined;
  } catch {
    return undefined;
  }
}
