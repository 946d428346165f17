// The import graph of src/, read with the TypeScript compiler's parser: every static import,
// `export … from`, and dynamic `import('…')` of a relative path, resolved to the file it names.
// test/architecture/imports.test.ts holds it to the nevers of DESIGN §2.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** The importing file, relative to the repository, `/`-separated. */
  from: string;
  /** The imported file, resolved the way TypeScript resolves `./x.js` to `./x.ts`. */
  to: string;
  /** What the source wrote. */
  specifier: string;
  /** `import type`, `export type`, or every named binding a `type` one: erased at run time. */
  typeOnly: boolean;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
  /** Relative imports that name no file: a typo, or a resolver that does not know a case. */
  unresolved: { from: string; specifier: string }[];
}

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every TypeScript file under `dir` (relative to `root`), depth first, `/`-separated. */
export function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, child);
    return SOURCE.test(entry.name) ? [child] : [];
  });
}

/** The module specifiers a source imports or re-exports, with whether each is type only. */
export function importsOf(
  source: string,
  fileName = 'file.tsx',
): { specifier: string; typeOnly: boolean }[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The file a relative specifier names, as TypeScript's NodeNext and Bundler resolution find it. */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const base = join(root, dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.d.ts`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  let hit = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  // A generated file (src/contract/api-types.gen.ts) is there once `npm run typecheck` ran.
  if (hit === undefined && stem.endsWith('.gen')) hit = `${stem}.ts`;
  return hit === undefined ? undefined : relative(root, hit).split(sep).join('/');
}

/** Reads every file under `dir` and resolves its relative imports. */
export function readImportGraph(root: string, dir = 'src'): ImportGraph {
  const files = sourceFiles(root, dir);
  const edges: ImportEdge[] = [];
  const unresolved: ImportGraph['unresolved'] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(join(root, from), 'utf8'), from)) {
      if (!specifier.startsWith('.')) continue; // a package or a built-in
      const to = resolveImport(root, from, specifier);
      if (to === undefined) unresolved.push({ from, specifier });
      else edges.push({ from, to, specifier, typeOnly });
    }
  }
  return { files, edges, unresolved };
}

/**
 * The import loops among `files` (strongly connected components of more than one file, or a file
 * that imports itself), each sorted, found with Tarjan's algorithm.
 */
export function loopsAmong(
  edges: readonly { from: string; to: string }[],
  inside: (file: string) => boolean,
): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!inside(from) || !inside(to)) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (next.get(file) ?? []).includes(file))
        loops.push(component.sort());
    }
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) connect(file);
  return loops;
}
