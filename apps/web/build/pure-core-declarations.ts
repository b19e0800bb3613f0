import MagicString from 'magic-string';
import type { Plugin, Rollup } from 'vite';

const CORE_MODULE = /\/packages\/core\/src\/[^/]+\.ts$/;
/** The one core module run for its effect (it sets zod's messages); package.json says so too. */
const RUN_FOR_EFFECT = /\/zod-messages\.ts$/;

type Node = Rollup.ProgramNode['body'][number];
type Expression = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is Expression =>
  typeof value === 'object' && value !== null && typeof (value as Expression).type === 'string';
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);
const CALLS = new Set(['CallExpression', 'NewExpression']);

/** The initial values of a top-level `const x = ...` or `export const x = ...`. */
function initsOf(statement: Node): Expression[] {
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (declaration?.type !== 'VariableDeclaration') return [];
  return declaration.declarations.flatMap((declarator) => (declarator.init ? [declarator.init as unknown as Expression] : []));
}

/**
 * The calls an initial value makes while the module loads: every call outside a function body,
 * arguments included (`z.object({ a: z.string() })` makes three). A call that is itself the
 * start of a call chain (`z.string()` in `z.string().min(1)`) is left out: a pure call's callee
 * is not evaluated for effects, so the outer call covers it.
 */
function callsIn(node: Expression, isCalleeChain = false, found: Expression[] = []): Expression[] {
  if (FUNCTIONS.has(node.type)) return found;
  if (CALLS.has(node.type) && !isCalleeChain) found.push(node);
  for (const [key, child] of Object.entries(node)) {
    const isCallee = CALLS.has(node.type) && key === 'callee';
    const isObjectOfCallee = isCalleeChain && node.type === 'MemberExpression' && key === 'object';
    for (const item of Array.isArray(child) ? child : [child]) {
      if (isNode(item)) callsIn(item, isCallee || isObjectOfCallee, found);
    }
  }
  return found;
}

/**
 * @crewpay/core's modules compute their exports at the top level: zod schemas
 * (`z.object(...)`, `text(...).max(...)`), lists derived from lists (`tabs.map(...)`). A call is
 * something Rollup must keep unless told it has no effect, so a page that imports one label from
 * payments.ts also ran and downloaded every schema beside it, and with them zod (23 KB
 * compressed, on every signed-in page). The calls of each top-level declaration are marked
 * `@__PURE__`: kept when its value is used, dropped when not. Core's statements that run for
 * their effect (zod-messages.ts) are not declarations and stay.
 */
export function pureCoreDeclarations(): Plugin {
  return {
    name: 'crewpay-pure-core-declarations',
    apply: 'build',
    // After TypeScript is stripped: the AST is plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CORE_MODULE.test(id) || RUN_FOR_EFFECT.test(id)) return null;
      const output = new MagicString(code);
      for (const statement of this.parse(code).body) {
        for (const call of initsOf(statement).flatMap((init) => callsIn(init))) output.appendLeft(call.start, '/* @__PURE__ */ ');
      }
      return output.hasChanged() ? { code: output.toString(), map: output.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
