// An in-memory git object database with git's own object format and SHA-1 ids, so a blob's sha
// equals `git hash-object` and a tree or commit's sha is what git would compute for it.

import { createHash } from 'node:crypto';

export type TreeMode = '100644' | '100755' | '040000' | '160000' | '120000';
export type ObjectType = 'blob' | 'tree' | 'commit';

export interface TreeEntry {
  name: string;
  mode: TreeMode;
  type: ObjectType;
  sha: string;
}

export interface Signature {
  name: string;
  email: string;
  /** ISO 8601, second precision, UTC. */
  date: string;
}

export interface BlobObject {
  type: 'blob';
  sha: string;
  data: Uint8Array;
}
export interface TreeObject {
  type: 'tree';
  sha: string;
  entries: TreeEntry[];
}
export interface CommitObject {
  type: 'commit';
  sha: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
}
export type GitObject = BlobObject | TreeObject | CommitObject;

export class GitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function hashObject(type: ObjectType, body: Uint8Array): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** git's tree order: byte order of names, with a tree's name compared as if it ended in '/'. */
function treeSortKey(e: TreeEntry): string {
  return e.type === 'tree' ? `${e.name}/` : e.name;
}

function compareBytes(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}

function signatureLine(kind: string, s: Signature): string {
  const seconds = Math.floor(Date.parse(s.date) / 1000);
  return `${kind} ${s.name} <${s.email}> ${seconds} +0000\n`;
}

export const SHA_RE = /^[0-9a-f]{40}$/;

export interface FlatEntry {
  path: string;
  mode: TreeMode;
  type: ObjectType;
  sha: string;
  size?: number;
}

export class GitStore {
  readonly objects = new Map<string, GitObject>();
  /** Full ref name ('refs/heads/main') → commit sha. */
  readonly refs = new Map<string, string>();

  writeBlob(data: Uint8Array | string): string {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const sha = hashObject('blob', bytes);
    if (!this.objects.has(sha)) this.objects.set(sha, { type: 'blob', sha, data: new Uint8Array(bytes) });
    return sha;
  }

  writeTree(entries: TreeEntry[]): string {
    const names = new Set<string>();
    for (const e of entries) {
      if (!e.name || e.name.includes('/') || e.name === '.' || e.name === '..')
        throw new GitError(422, `invalid tree entry name '${e.name}'`);
      if (names.has(e.name)) throw new GitError(422, `duplicate tree entry '${e.name}'`);
      names.add(e.name);
      if (e.type !== 'commit') {
        const target = this.objects.get(e.sha);
        if (!target || target.type !== e.type) throw new GitError(422, `tree.sha ${e.sha} is not a valid ${e.type}`);
      }
    }
    const sorted = [...entries].sort((a, b) => compareBytes(treeSortKey(a), treeSortKey(b)));
    const parts: Buffer[] = [];
    for (const e of sorted) {
      const mode = e.mode === '040000' ? '40000' : e.mode;
      parts.push(Buffer.from(`${mode} ${e.name}\0`), Buffer.from(e.sha, 'hex'));
    }
    const sha = hashObject('tree', Buffer.concat(parts));
    if (!this.objects.has(sha)) this.objects.set(sha, { type: 'tree', sha, entries: sorted });
    return sha;
  }

  writeCommit(input: {
    tree: string;
    parents: string[];
    author: Signature;
    committer?: Signature;
    message: string;
  }): string {
    const tree = this.objects.get(input.tree);
    if (!tree || tree.type !== 'tree') throw new GitError(422, 'Tree SHA does not exist');
    for (const p of input.parents) {
      const parent = this.objects.get(p);
      if (!parent || parent.type !== 'commit')
        throw new GitError(422, 'Parent SHA does not exist or is not a commit object');
    }
    const committer = input.committer ?? input.author;
    const text =
      `tree ${input.tree}\n` +
      input.parents.map((p) => `parent ${p}\n`).join('') +
      signatureLine('author', input.author) +
      signatureLine('committer', committer) +
      `\n${input.message}`;
    const sha = hashObject('commit', Buffer.from(text, 'utf8'));
    if (!this.objects.has(sha)) {
      this.objects.set(sha, {
        type: 'commit',
        sha,
        tree: input.tree,
        parents: [...input.parents],
        author: input.author,
        committer,
        message: input.message,
      });
    }
    return sha;
  }

  get(sha: string): GitObject | undefined {
    return this.objects.get(sha.toLowerCase());
  }

  blob(sha: string): BlobObject | undefined {
    const o = this.get(sha);
    return o?.type === 'blob' ? o : undefined;
  }
  tree(sha: string): TreeObject | undefined {
    const o = this.get(sha);
    return o?.type === 'tree' ? o : undefined;
  }
  commit(sha: string): CommitObject | undefined {
    const o = this.get(sha);
    return o?.type === 'commit' ? o : undefined;
  }

  /** A commit sha for a sha, 'heads/x', 'refs/heads/x', 'tags/x', or a bare branch/tag name. */
  resolveCommitish(name: string): string | undefined {
    if (SHA_RE.test(name.toLowerCase()) && this.commit(name)) return name.toLowerCase();
    const candidates = name.startsWith('refs/') ? [name] : [`refs/${name}`, `refs/heads/${name}`, `refs/tags/${name}`];
    for (const ref of candidates) {
      const sha = this.refs.get(ref);
      if (sha) return sha;
    }
    return undefined;
  }

  /** A tree sha for a tree sha, a commit sha or a ref name. */
  resolveTreeish(name: string): string | undefined {
    if (this.tree(name)) return name.toLowerCase();
    const commit = this.resolveCommitish(name);
    return commit ? this.commit(commit)?.tree : undefined;
  }

  isAncestor(ancestor: string, descendant: string): boolean {
    const stack = [descendant];
    const seen = new Set<string>();
    while (stack.length) {
      const sha = stack.pop()!;
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      const c = this.commit(sha);
      if (c) stack.push(...c.parents);
    }
    return false;
  }

  /** Walk a path ('a/b/c.json') from a tree; '' is the tree itself. */
  lookup(treeSha: string, path: string): FlatEntry | undefined {
    const parts = path.split('/').filter((p) => p !== '');
    let current: FlatEntry = { path: '', mode: '040000', type: 'tree', sha: treeSha };
    for (const [i, part] of parts.entries()) {
      if (current.type !== 'tree') return undefined;
      const entry = this.tree(current.sha)?.entries.find((e) => e.name === part);
      if (!entry) return undefined;
      current = { path: parts.slice(0, i + 1).join('/'), mode: entry.mode, type: entry.type, sha: entry.sha };
    }
    if (current.type === 'blob') current.size = this.blob(current.sha)?.data.length;
    return current;
  }

  /** Entries of a tree, optionally recursive (trees listed before their contents, like GitHub). */
  list(treeSha: string, recursive: boolean, prefix = ''): FlatEntry[] {
    const out: FlatEntry[] = [];
    for (const e of this.tree(treeSha)?.entries ?? []) {
      const path = prefix ? `${prefix}/${e.name}` : e.name;
      const flat: FlatEntry = { path, mode: e.mode, type: e.type, sha: e.sha };
      if (e.type === 'blob') flat.size = this.blob(e.sha)?.data.length;
      out.push(flat);
      if (recursive && e.type === 'tree') out.push(...this.list(e.sha, true, path));
    }
    return out;
  }

  /**
   * A new tree from a base tree and changes keyed by slash-separated path: an entry to write, or
   * null to delete. Intermediate trees are created or removed as needed.
   */
  writeTreeWithChanges(baseTree: string | undefined, changes: Map<string, Omit<TreeEntry, 'name'> | null>): string {
    const base = baseTree ? this.tree(baseTree) : undefined;
    if (baseTree && !base) throw new GitError(422, 'base_tree is not a valid tree oid');
    const entries = new Map((base?.entries ?? []).map((e) => [e.name, e] as const));
    const nested = new Map<string, Map<string, Omit<TreeEntry, 'name'> | null>>();
    for (const [path, change] of changes) {
      const slash = path.indexOf('/');
      if (slash === -1) {
        if (change === null) entries.delete(path);
        else entries.set(path, { name: path, ...change });
        continue;
      }
      const dir = path.slice(0, slash);
      const sub = nested.get(dir) ?? new Map();
      sub.set(path.slice(slash + 1), change);
      nested.set(dir, sub);
    }
    for (const [dir, sub] of nested) {
      const existing = entries.get(dir);
      const subBase = existing?.type === 'tree' ? existing.sha : undefined;
      const sha = this.writeTreeWithChanges(subBase, sub);
      if (this.tree(sha)!.entries.length === 0) entries.delete(dir);
      else entries.set(dir, { name: dir, mode: '040000', type: 'tree', sha });
    }
    return this.writeTree([...entries.values()]);
  }
}
