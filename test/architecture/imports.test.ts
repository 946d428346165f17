import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importsOf,
  loopsAmong,
  readImportGraph,
  resolveImport,
  type ImportEdge,
} from './import-graph.js';

// DESIGN §2: imports go one way. This holds its nevers over every relative import of src/ (static,
// `export … from`, dynamic `import()`, type-only ones too: a type import still couples the code).
// docs/architecture.md, "Imports", says what it holds.
const root = join(import.meta.dirname, '..', '..');

/**
 * The part of the product a file belongs to: `domain`, `store`, `core`, `cli` … and, in the web
 * app, its face (`web/station`, `web/staff`, `web/portal`), `web/shared`, or `web` for the entry
 * files beside them.
 */
function partOf(file: string): string {
  const [, top = '', second, ...rest] = file.split('/');
  if (top === 'web') return second !== undefined && rest.length > 0 ? `web/${second}` : 'web';
  return top;
}

const FACES = ['web/station', 'web/staff', 'web/portal', 'web/board'];

interface Rule {
  name: string;
  /** True when the edge breaks the rule. */
  breaks: (from: string, to: string) => boolean;
}

/** A part may import only itself and `allowed`. */
function onlyImports(part: string, allowed: string[], name: string): Rule {
  return {
    name,
    breaks: (from, to) =>
      partOf(from) === part && partOf(to) !== part && !allowed.includes(partOf(to)),
  };
}

/** A part never imports any of `never`. */
function neverImports(part: string, never: string[], name: string): Rule {
  return {
    name,
    breaks: (from, to) =>
      partOf(from) === part &&
      never.some((other) => partOf(to) === other || partOf(to).startsWith(`${other}/`)),
  };
}

const RULES: Rule[] = [
  onlyImports('domain', [], 'domain imports nothing of ours'),
  onlyImports('runtime', [], 'runtime imports nothing of ours'),
  onlyImports('contract', ['domain'], 'the contract imports only the domain'),
  onlyImports(
    'store',
    ['domain', 'runtime'],
    'store imports only domain and runtime (never core, api)',
  ),
  neverImports(
    'core',
    ['api', 'daemon', 'cli', 'web', 'sea', 'labels'],
    'core never imports api, daemon, cli, web, labels',
  ),
  onlyImports(
    'labels',
    ['domain', 'runtime'],
    'labels imports only domain and runtime (never store)',
  ),
  onlyImports(
    'cli',
    ['contract', 'domain'],
    'cli talks HTTP: it imports only contract and domain (never web)',
  ),
  {
    name: 'only the web app imports the web app',
    breaks: (from, to) => !partOf(from).startsWith('web') && partOf(to).startsWith('web'),
  },
  ...FACES.map((face) =>
    onlyImports(
      face,
      ['web/shared', 'contract', 'domain'],
      `${face} imports only itself, web/shared, contract and domain (no face imports another)`,
    ),
  ),
  onlyImports(
    'web/shared',
    ['contract', 'domain'],
    'web/shared imports only contract and domain (never a face)',
  ),
  onlyImports(
    'web',
    [...FACES, 'web/shared', 'contract', 'domain'],
    "the web app's entry imports only the web app, contract and domain",
  ),
];

/** Folders that must hold no import loop (type-only imports count: they couple the code too). */
const NO_LOOPS = ['src/core', 'src/api'];

function broken(edges: readonly ImportEdge[]): string[] {
  // Text bundled from outside src/ (the docs `factory docs` prints) is no code: no layer.
  return edges
    .filter((edge) => edge.to.startsWith('src/'))
    .flatMap((edge) =>
      RULES.filter((rule) => rule.breaks(edge.from, edge.to)).map(
        (rule) => `${edge.from} → ${edge.to}: ${rule.name}`,
      ),
    );
}

function loops(edges: readonly ImportEdge[]): string[][] {
  return NO_LOOPS.flatMap((dir) => loopsAmong(edges, (file) => file.startsWith(`${dir}/`)));
}

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({
  from,
  to,
  specifier: to,
  typeOnly,
});

describe('the import check itself', () => {
  it('reads every kind of import, and which are type only', () => {
    const source = [
      "import { a, type B } from './values.js';",
      "import type { C } from './types.js';",
      "import { type D } from './also-types.js';",
      "import './style.css';",
      "export { e } from './reexport.js';",
      "export type { F } from './reexport-types.js';",
      "export * from './star.js';",
      "const lazy = () => import('./lazy.js');",
      "type G = import('./inline-type.js').G;",
      "import { readFileSync } from 'node:fs';",
      '// import { nothing } from "./a-comment.js";',
      'const text = "import { nothing } from \'./a-string.js\'";',
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: './values.js', typeOnly: false },
      { specifier: './types.js', typeOnly: true },
      { specifier: './also-types.js', typeOnly: true },
      { specifier: './style.css', typeOnly: false },
      { specifier: './reexport.js', typeOnly: false },
      { specifier: './reexport-types.js', typeOnly: true },
      { specifier: './star.js', typeOnly: false },
      { specifier: './lazy.js', typeOnly: false },
      { specifier: './inline-type.js', typeOnly: true },
      { specifier: 'node:fs', typeOnly: false },
    ]);
  });

  it('resolves `.js` to the TypeScript file, a .tsx, a .d.ts, and a non-script file', () => {
    expect(resolveImport(root, 'src/cli/api-types.ts', '../contract/api.js')).toBe(
      'src/contract/api.ts',
    );
    expect(resolveImport(root, 'src/web/main.tsx', './station/StationFace.js')).toBe(
      'src/web/station/StationFace.tsx',
    );
    expect(resolveImport(root, 'src/cli/version.ts', './build-info.js')).toBe(
      'src/cli/build-info.d.ts',
    );
    expect(resolveImport(root, 'src/web/main.tsx', './shared/ui/base.css')).toBe(
      'src/web/shared/ui/base.css',
    );
    expect(resolveImport(root, 'src/cli/main.ts', './no-such-file.js')).toBeUndefined();
    expect(resolveImport(root, 'src/contract/api.ts', './api-types.gen.js')).toBe(
      'src/contract/api-types.gen.ts',
    );
  });

  it('knows the parts', () => {
    expect(partOf('src/web/main.tsx')).toBe('web');
    expect(partOf('src/web/staff/StaffFace.tsx')).toBe('web/staff');
    expect(partOf('src/web/shared/api/client.ts')).toBe('web/shared');
    expect(partOf('src/cli/tui/App.tsx')).toBe('cli');
    expect(partOf('src/core/scans/apply-scan.ts')).toBe('core');
  });

  // One breach per never, and the imports the same part may make.
  it.each([
    ['src/cli/api-types.ts', 'src/web/shared/api/types.ts', 'never web'],
    ['src/cli/tui/tui-api.ts', 'src/core/context.ts', 'cli talks HTTP'],
    [
      'src/web/staff/orders/OrdersPage.tsx',
      'src/web/portal/ui/StatusBadge.tsx',
      'no face imports another',
    ],
    [
      'src/web/station/scan/ScanScreen.tsx',
      'src/web/staff/StaffFace.tsx',
      'no face imports another',
    ],
    ['src/web/portal/PortalFace.tsx', 'src/web/station/station-api.ts', 'no face imports another'],
    ['src/web/portal/PortalFace.tsx', 'src/core/context.ts', 'no face imports another'],
    ['src/web/shared/ui/Pager.tsx', 'src/web/staff/StaffFace.tsx', 'never a face'],
    ['src/web/main.tsx', 'src/store/schema.ts', 'entry imports only'],
    ['src/labels/label-renderer.ts', 'src/store/worker-script.ts', 'never store'],
    ['src/core/transaction.ts', 'src/api/app.ts', 'core never imports'],
    ['src/core/transaction.ts', 'src/daemon/main.ts', 'core never imports'],
    ['src/core/transaction.ts', 'src/cli/main.ts', 'core never imports'],
    ['src/store/database.ts', 'src/core/context.ts', 'never core, api'],
    ['src/store/database.ts', 'src/api/app.ts', 'never core, api'],
    ['src/domain/ids.ts', 'src/store/schema.ts', 'domain imports nothing'],
    ['src/domain/ids.ts', 'src/contract/enums.ts', 'domain imports nothing'],
    ['src/contract/enums.ts', 'src/web/shared/format.ts', 'contract imports only'],
    ['src/runtime/worker-script.ts', 'src/domain/ids.ts', 'runtime imports nothing'],
    ['src/daemon/entry.ts', 'src/web/face.ts', 'only the web app imports'],
  ])('%s → %s breaks "%s"', (from, to, rule) => {
    const found = broken([edge(from, to)]);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toContain(rule);
  });

  it.each([
    ['src/cli/api-types.ts', 'src/contract/api.ts'],
    ['src/cli/commands/orders/orders.command.ts', 'src/contract/enums.ts'],
    ['src/web/staff/orders/OrdersPage.tsx', 'src/web/shared/ui/Pager.tsx'],
    ['src/web/portal/PortalFace.tsx', 'src/domain/retailer-words.ts'],
    ['src/web/shared/api/client.ts', 'src/contract/api.ts'],
    ['src/web/main.tsx', 'src/web/station/StationFace.tsx'],
    ['src/labels/label-renderer.ts', 'src/runtime/worker-script.ts'],
    ['src/core/transaction.ts', 'src/store/schema.ts'],
    ['src/api/app.ts', 'src/core/context.ts'],
    ['src/store/checkpointer.ts', 'src/runtime/worker-script.ts'],
    ['src/contract/enums.ts', 'src/domain/order-status.ts'],
  ])('%s → %s is allowed', (from, to) => {
    expect(broken([edge(from, to)])).toEqual([]);
  });

  it('finds a loop in core, a longer one, and a file importing itself; none in a chain', () => {
    expect(
      loops([edge('src/core/a.ts', 'src/core/b.ts'), edge('src/core/b.ts', 'src/core/a.ts', true)]),
    ).toEqual([['src/core/a.ts', 'src/core/b.ts']]);
    expect(
      loops([
        edge('src/core/a.ts', 'src/core/b.ts'),
        edge('src/core/b.ts', 'src/core/c.ts'),
        edge('src/core/c.ts', 'src/core/a.ts'),
        edge('src/core/c.ts', 'src/store/x.ts'),
      ]),
    ).toEqual([['src/core/a.ts', 'src/core/b.ts', 'src/core/c.ts']]);
    expect(loops([edge('src/api/x.ts', 'src/api/x.ts')])).toEqual([['src/api/x.ts']]);
    expect(
      loops([edge('src/core/a.ts', 'src/core/b.ts'), edge('src/core/b.ts', 'src/store/a.ts')]),
    ).toEqual([]);
  });

  it('counts a type-only import in a loop (it couples the code too)', () => {
    const routeLoop = [
      edge('src/api/app.ts', 'src/api/routes/index.ts'),
      edge('src/api/routes/index.ts', 'src/api/app.ts', true),
    ];
    expect(loops(routeLoop)).toHaveLength(1);
  });
});

describe('imports go one way (DESIGN §2)', () => {
  const graph = readImportGraph(root);

  it('reads the whole of src/ and resolves every relative import', () => {
    expect(graph.files.length).toBeGreaterThan(400);
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ from: 'src/cli/api-types.ts', to: 'src/contract/api.ts' }),
    );
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ from: 'src/web/main.tsx', to: 'src/web/staff/StaffFace.tsx' }),
    );
    expect(graph.unresolved).toEqual([]);
  });

  it('no import breaks a never', () => {
    expect(broken(graph.edges)).toEqual([]);
  });

  it(`no import loop in ${NO_LOOPS.join(' or ')}`, () => {
    expect(loops(graph.edges)).toEqual([]);
  });
});
