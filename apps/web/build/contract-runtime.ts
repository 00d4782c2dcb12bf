import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** The contract's own source files, as the web build reads them (the `source` condition). */
const CONTRACT_SOURCE = /packages[\\/]contract[\\/]src[\\/].*\.ts$/;

/** What the web's API client does not read of a call in a production build: only method, path, paginated, status. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'data', 'summary', 'errors']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}

const keyName = (property: Node): string | undefined => {
  const key = property.key as Node | undefined;
  if (!key) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
};

/** Where a removed property ends: after its comma and the spaces or line break that follow. */
function endOfProperty(code: string, end: number): number {
  if (code[end] !== ',') return end;
  let next = end + 1;
  while (next < code.length && /\s/.test(code[next] ?? '')) next += 1;
  return next;
}

/** `z.globalRegistry.add(...)`: the OpenAPI document's names for schemas, of no use in the browser. */
function isRegistryAdd(statement: Node): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const call = statement.expression as Node;
  if (call.type !== 'CallExpression') return false;
  const callee = call.callee as Node;
  if (callee.type !== 'MemberExpression') return false;
  const object = callee.object as Node;
  return (
    (callee.property as Node).name === 'add' &&
    object.type === 'MemberExpression' &&
    (object.property as Node).name === 'globalRegistry'
  );
}

/**
 * Rewrites one contract module for the browser's production build (decision 050):
 * - each call defined with `defineCall({...})` keeps its method, path, `paginated` and `status` only: the API client
 *   checks answers against the schemas in development only;
 * - each top-level `const` whose value is computed by a call (every zod schema: `z.object(...)`, `X.extend(...)`) is
 *   wrapped in a function call marked pure, so the bundler drops it when nothing the browser runs uses it, and zod
 *   with it: the schemas are built only where a screen does use them (its forms);
 * - the schemas' registrations for the OpenAPI document are dropped.
 * Answers null when the module has nothing to rewrite.
 */
export function contractForBrowser(code: string, filename = 'contract.js'): string | null {
  const program = parseAst(code, { lang: 'js' }, filename) as unknown as Node;
  const out = new MagicString(code);
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    const [definition] = node.arguments as Node[];
    if (
      callee.type !== 'Identifier' ||
      callee.name !== 'defineCall' ||
      definition?.type !== 'ObjectExpression'
    )
      return;
    for (const property of definition.properties as Node[])
      if (property.type === 'Property' && SCHEMA_KEYS.has(keyName(property) ?? ''))
        out.remove(property.start, endOfProperty(code, property.end));
  });
  for (const statement of program.body as Node[]) {
    if (isRegistryAdd(statement)) {
      out.remove(statement.start, statement.end);
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init) continue;
      let computed = false;
      walk(init, (node) => {
        if (node.type === 'CallExpression' || node.type === 'NewExpression') computed = true;
      });
      // Functions are left alone: a call inside one runs only when it is called.
      if (!computed || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')
        continue;
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.appendRight(init.end, '))()');
    }
  }
  return out.hasChanged() ? withoutUnusedImports(out.toString(), filename) : null;
}

/**
 * Drops the imported names that nothing uses any more once the schemas are gone, and an import left with none: an
 * import the code does not use still ties the module to this one in the bundler's chunking, which would put a module
 * of schemas in the first screen's files.
 */
function withoutUnusedImports(code: string, filename: string): string {
  const program = parseAst(code, { lang: 'js' }, filename) as unknown as Node;
  const out = new MagicString(code);
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifiers = statement.specifiers as Node[];
    if (specifiers.length === 0) continue;
    const rest = code.slice(0, statement.start) + code.slice(statement.end);
    const used = specifiers.filter((specifier) =>
      new RegExp(`\\b${(specifier.local as Node).name as string}\\b`).test(rest),
    );
    if (used.length === specifiers.length) continue;
    if (used.length === 0) {
      out.remove(statement.start, statement.end);
      continue;
    }
    const source = code.slice((statement.source as Node).start, (statement.source as Node).end);
    const named = used.filter((specifier) => specifier.type === 'ImportSpecifier');
    const others = used.filter((specifier) => specifier.type !== 'ImportSpecifier');
    const parts = [
      ...others.map((specifier) => code.slice(specifier.start, specifier.end)),
      ...(named.length
        ? [`{ ${named.map((specifier) => code.slice(specifier.start, specifier.end)).join(', ')} }`]
        : []),
    ];
    out.overwrite(statement.start, statement.end, `import ${parts.join(', ')} from ${source};`);
  }
  return out.toString();
}

/**
 * The contract in the browser's production build without the schemas it does not use (`contractForBrowser`). Runs
 * after TypeScript is stripped. The development server, the tests and the server keep the contract as written.
 */
export function contractRuntime(): Plugin {
  return {
    name: 'courier-contract-runtime',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id.split('?')[0] ?? '')) return null;
      const rewritten = contractForBrowser(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
