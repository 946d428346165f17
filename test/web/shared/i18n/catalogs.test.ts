// The web app's catalogs are complete and the converted faces speak only through them (DESIGN §17,
// docs/languages.md): every language has every key (with the plural forms its language needs and
// the same {{placeholders}} and <tags>), no key is left unused, every t('…') names a key, and no
// component of a converted folder shows a string literal of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Catalog } from '../../../../src/web/shared/i18n/i18n.js';

const ROOT = join(import.meta.dirname, '../../../..');
const CATALOGS = join(ROOT, 'src/web/shared/i18n/catalogs');

/**
 * Each face's namespace and the folders whose components must speak through it. A folder
 * converted later is one more line here (and its strings one more section of the catalog).
 */
const FACES: Array<{ ns: string; folders: string[] }> = [
  { ns: 'station', folders: ['src/web/station'] },
  // The staff app: its frame, menu and the orders screens so far; add each folder or file as it
  // is converted.
  {
    ns: 'staff',
    folders: [
      'src/web/staff/StaffFace.tsx',
      'src/web/staff/staff-i18n.ts',
      'src/web/staff/layout',
      'src/web/staff/orders',
      'src/web/staff/factory',
      'src/web/staff/sso',
      'src/web/staff/stations',
      'src/web/staff/integrations',
      'src/web/staff/common',
      'src/web/staff/access',
      'src/web/staff/setup',
      'src/web/staff/returns',
      'src/web/staff/audit',
      'src/web/staff/operators',
      'src/web/staff/dispatch',
      'src/web/staff/retailers',
      'src/web/staff/reports',
      'src/web/staff/live',
      'src/web/staff/printers',
      'src/web/board',
      'src/web/shared/orders/order-status.ts',
      'src/web/shared/printers',
    ],
  },
  // The portal, all of it.
  { ns: 'portal', folders: ['src/web/portal', 'src/web/shared/orders/order-status.ts'] },
  // What both share: the frame, sign-in, the language menu, the formatters.
  {
    ns: 'common',
    folders: [
      'src/web/shared/i18n',
      'src/web/shared/ui',
      'src/web/shared/session',
      'src/web/shared/query',
      'src/web/shared/format.ts',
      'src/web/shared/orders',
      'src/web/shared/live',
    ],
  },
];

/** Literals a component may show as they are: not words of any language. */
const ALLOWED = new Set(['BCDF-GHJK', 'EOT', 'Enter', 'Tab']);
/** The props that put words on screen or in a screen reader's ear. */
const WORD_PROPS = new Set([
  'title',
  'aria-label',
  'aria-description',
  'placeholder',
  'alt',
  'label',
  'hint',
  // A table cell's column name, shown on phones (CSS attr()).
  'data-label',
]);

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(catalog)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

async function catalog(ns: string, lang: string): Promise<Map<string, string>> {
  const mod = (await import(join(CATALOGS, ns, `${lang}.ts`))) as { default: Catalog };
  return flatten(mod.default);
}

/** A key without its plural suffix. */
const base = (key: string) => key.replace(PLURAL, '');

/** A folder's sources (every .ts and .tsx under it, catalogs aside), or the one file named. */
function sourceFiles(dir: string): string[] {
  if (!statSync(join(ROOT, dir)).isDirectory()) return [dir];
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !rel.includes('catalogs')) {
      out.push(rel);
    }
  }
  return out;
}

interface Source {
  name: string;
  text: string;
}

const read = (file: string): Source => ({
  name: file,
  text: readFileSync(join(ROOT, file), 'utf8'),
});

const hasWords = (s: string) => /\p{L}{2,}/u.test(s) && !ALLOWED.has(s.trim());

interface Findings {
  /** Every string literal of the sources: a key is used when one of them names it. */
  literals: Set<string>;
  /** Keys passed to t(), stationT() or i18nKey, with where. */
  calls: Array<{ key: string; at: string }>;
  /** Words a component shows without the catalog. */
  bypasses: string[];
}

function scan(files: Source[], ns: string): Findings {
  const found: Findings = { literals: new Set(), calls: [], bypasses: [] };
  for (const file of files) {
    const source = ts.createSourceFile(
      file.name,
      file.text,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const at = (node: ts.Node) =>
      `${file.name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const strip = (s: string) => (s.startsWith(`${ns}:`) ? s.slice(ns.length + 1) : s);
    /** String literals a JSX child expression shows: through ?:, &&, || and ??. */
    const shown = (e: ts.Expression): ts.Node[] => {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e];
      if (ts.isTemplateExpression(e)) return [e.head, ...e.templateSpans.map((s) => s.literal)];
      if (ts.isParenthesizedExpression(e)) return shown(e.expression);
      if (ts.isConditionalExpression(e)) return [...shown(e.whenTrue), ...shown(e.whenFalse)];
      if (ts.isBinaryExpression(e)) {
        const op = e.operatorToken.kind;
        if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shown(e.right);
        if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
          return [...shown(e.left), ...shown(e.right)];
        }
      }
      return [];
    };
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        found.literals.add(strip(node.text));
      }
      if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        if (name === 't' || name === 'stationT') {
          found.calls.push({ key: strip(node.arguments[0].text), at: at(node) });
        }
      }
      if (ts.isJsxAttribute(node)) {
        const name = node.name.getText(source);
        const init = node.initializer;
        if (name === 'i18nKey' && init && ts.isStringLiteral(init)) {
          found.calls.push({ key: strip(init.text), at: at(node) });
        }
        if (WORD_PROPS.has(name) && init) {
          const exprs = ts.isStringLiteral(init)
            ? [init]
            : ts.isJsxExpression(init) && init.expression
              ? shown(init.expression)
              : [];
          for (const e of exprs) {
            if (hasWords(e.getText(source).slice(1, -1))) {
              found.bypasses.push(`${at(e)} ${name}=${e.getText(source)}`);
            }
          }
        }
      }
      if (ts.isJsxText(node) && hasWords(node.text)) {
        found.bypasses.push(`${at(node)} text "${node.text.trim()}"`);
      }
      if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
        for (const e of shown(node.expression)) {
          if (hasWords(e.getText(source).slice(1, -1))) {
            found.bypasses.push(`${at(e)} ${e.getText(source)}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe.each(FACES)('the $ns catalogs', ({ ns, folders }) => {
  const files = folders.flatMap(sourceFiles);
  const findings = scan(files.map(read), ns);

  it('has every key of English in every language, with the plural forms each language needs', async () => {
    const en = await catalog(ns, 'en');
    const bases = new Set([...en.keys()].map(base));
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      const messages = await catalog(ns, lang);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plurals = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map(base));
      for (const key of bases) {
        const wanted = plurals.has(key) ? categories.map((c) => `${key}_${c}`) : [key];
        for (const k of wanted) if (!messages.has(k)) problems.push(`${lang}: ${k} missing`);
      }
      for (const key of messages.keys()) {
        if (!bases.has(base(key))) problems.push(`${lang}: ${key} is not in English`);
        if (PLURAL.test(key) && !(categories as string[]).includes(key.match(PLURAL)![1]!)) {
          problems.push(`${lang}: ${key} is not a plural form of ${lang}`);
        }
      }
      // The same placeholders and tags as English, so no value or markup is lost in translation.
      const marks = (s: string) =>
        [...s.matchAll(/\{\{(\w+)\}\}|<\/?(\w+)>/g)]
          .map((m) => m[0])
          .filter((m) => m !== '{{count}}')
          .sort()
          .join(' ');
      for (const [key, text] of messages) {
        const english = en.get(key) ?? en.get(`${base(key)}_other`);
        if (english !== undefined && marks(english) !== marks(text)) {
          problems.push(`${lang}: ${key} has ${marks(text)} where English has ${marks(english)}`);
        }
        if (text.trim() === '') problems.push(`${lang}: ${key} is empty`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses every key, and every key the code asks for exists', async () => {
    const en = await catalog(ns, 'en');
    const bases = new Set([...en.keys()].map(base));
    const unused = [...bases].filter((k) => !findings.literals.has(k));
    expect(unused, 'keys no source names').toEqual([]);
    const unknown = findings.calls.filter((c) => !bases.has(c.key)).map((c) => `${c.at} ${c.key}`);
    expect(unknown, 'keys the code asks for that the catalog lacks').toEqual([]);
  });

  it(`leaves no words on screen outside the catalog (${folders.join(', ')})`, () => {
    expect(files.length).toBeGreaterThan(0);
    expect(findings.bypasses).toEqual([]);
  });
});

describe('the completeness check itself', () => {
  it('finds words in text, in word props and in shown expressions; not class names or keys', () => {
    const text = [
      'const A = () => (',
      '  <p title="Hello there" className="verdict-word" aria-label={t(\'a.b\')}>',
      '    Ready to scan',
      "    {x ? 'Yes please' : t('c.d')}{a === 'stock' && t('c.d')}",
      "    {n} · {t('station:e.f', { count: n })}",
      '    <Trans i18nKey="g.h" />',
      '  </p>',
      ');',
    ].join('\n');
    const found = scan([{ name: 'x.tsx', text }], 'station');
    expect(found.bypasses).toEqual([
      'x.tsx:2 title="Hello there"',
      'x.tsx:3 text "Ready to scan"',
      "x.tsx:4 'Yes please'",
    ]);
    expect(found.calls.map((c) => c.key)).toEqual(['a.b', 'c.d', 'c.d', 'e.f', 'g.h']);
    expect(found.literals.has('e.f')).toBe(true);
  });
});
