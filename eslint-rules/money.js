// The money path's own lint rule (issue #29): never a float. Amounts there are integers of an asset's smallest
// unit (`bigint`; today's integer cents while they last), so whatever makes or rounds a float is refused:
// parseFloat, Number(...), unary `+`, toFixed/toPrecision, Math.round/floor/ceil/trunc, numeric literals with a
// decimal point or a negative exponent, and a division that is not visibly between bigints. Without type
// information (the lint is not type-checked) a division is accepted when one side is visibly a bigint: a literal
// (`x / 100n`), `BigInt(n)`, a name declared `: bigint`, a const made of those (`x / SATS_PER_BTC`), arithmetic on
// one (`(a * b) / 10n ** 8n`). Bigint division truncates, exactly; any other `/` may make a fraction.
// eslint.config.js applies it to modules/money/**, modules/ledger/** and the contract's units.ts and units-schema.ts;
// packages/server/src/lint-money.test.ts proves it fires.

const ROUNDING = new Set(['round', 'floor', 'ceil', 'trunc']);
const TO_TEXT = new Set(['toFixed', 'toPrecision']);
const BIGINT_ARITHMETIC = new Set(['*', '**', '+', '-', '%', '/', '<<', '>>', '&', '|', '^']);

const isNamed = (node, name) => node?.type === 'Identifier' && node.name === name;
const propertyName = (member) =>
  member?.type === 'MemberExpression'
    ? member.computed
      ? member.property.type === 'Literal'
        ? String(member.property.value)
        : null
      : member.property.name
    : null;

const isBigintType = (annotation) => annotation?.typeAnnotation?.type === 'TSBigIntKeyword';

/** The variable an identifier refers to, looked up from the scope it is used in. */
function resolve(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(name);
    if (variable) return variable;
  }
  return null;
}

/**
 * Whether an expression is a bigint by what the file shows: a literal (`10n`), `BigInt(x)`, arithmetic with one
 * (`a * 10n`, `10n ** 8n`), a name declared `: bigint` (a parameter, a variable), or a `const` whose value is one
 * of those (`const SATS_PER_BTC = 10n ** 8n`).
 */
function isBigint(node, scope, seen = new Set()) {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.bigint === 'string';
  if (node.type === 'CallExpression') return isNamed(node.callee, 'BigInt');
  if (node.type === 'UnaryExpression') return node.operator === '-' && isBigint(node.argument, scope, seen);
  if (node.type === 'BinaryExpression') {
    return (
      BIGINT_ARITHMETIC.has(node.operator) && (isBigint(node.left, scope, seen) || isBigint(node.right, scope, seen))
    );
  }
  if (node.type === 'TSAsExpression') return node.typeAnnotation.type === 'TSBigIntKeyword';
  if (node.type === 'TSNonNullExpression') return isBigint(node.expression, scope, seen);
  if (node.type === 'Identifier' && !seen.has(node.name)) {
    seen.add(node.name);
    const def = resolve(scope, node.name)?.defs[0];
    if (!def) return false;
    if (def.type === 'Parameter') {
      const param = def.name.parent?.type === 'AssignmentPattern' ? def.name.parent.left : def.name;
      return isBigintType(param.typeAnnotation);
    }
    if (def.type === 'Variable') {
      if (isBigintType(def.node.id.typeAnnotation)) return true;
      return def.parent.kind === 'const' && isBigint(def.node.init, scope, seen);
    }
  }
  return false;
}

const BIGINT_ADVICE =
  'amounts on the money path are integers of the smallest unit (bigint; parseUnits/formatUnits in @vestora/contract)';

/** @type {import('eslint').Rule.RuleModule} */
const noFloat = {
  meta: {
    type: 'problem',
    docs: { description: 'Never a float on the money path: amounts are integers of their smallest unit.' },
    schema: [],
    messages: {
      parseFloat: `parseFloat reads a float: ${BIGINT_ADVICE}; read a decimal string with parseUnits(text, scale).`,
      numberConversion:
        `{{what}} makes a float: ${BIGINT_ADVICE}; read a database value with BigInt(value), and leave bigint for ` +
        "today's cents only through unitsToCents (it refuses what is not a safe integer).",
      toText: `{{what}} rounds a float into text: ${BIGINT_ADVICE}; write an amount with formatUnits(units, scale).`,
      rounding:
        `Math.{{what}} rounds a float: ${BIGINT_ADVICE}; bigint division truncates already (x / 100n), and the ` +
        'rounding a rule asks for is written out on integers.',
      decimalLiteral: `The literal {{what}} is a float: ${BIGINT_ADVICE}; write a bigint (5n) or a rate in basis points.`,
      division:
        `This division may make a fraction: ${BIGINT_ADVICE}, and bigint division truncates exactly; make one side ` +
        'visibly a bigint (x / 100n, x / BigInt(n), a name declared `: bigint`).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node;
        if (
          isNamed(callee, 'parseFloat') ||
          (isNamed(callee.object, 'Number') && propertyName(callee) === 'parseFloat')
        )
          context.report({ node, messageId: 'parseFloat' });
        else if (isNamed(callee, 'Number'))
          context.report({ node, messageId: 'numberConversion', data: { what: 'Number(...)' } });
        else if (TO_TEXT.has(propertyName(callee)))
          context.report({ node, messageId: 'toText', data: { what: `${propertyName(callee)}()` } });
        else if (isNamed(callee.object, 'Math') && ROUNDING.has(propertyName(callee)))
          context.report({ node, messageId: 'rounding', data: { what: propertyName(callee) } });
      },
      NewExpression(node) {
        if (isNamed(node.callee, 'Number'))
          context.report({ node, messageId: 'numberConversion', data: { what: 'new Number(...)' } });
      },
      UnaryExpression(node) {
        if (node.operator === '+') context.report({ node, messageId: 'numberConversion', data: { what: 'Unary +' } });
      },
      Literal(node) {
        if (typeof node.value === 'number' && /\.|[eE]-/.test(node.raw))
          context.report({ node, messageId: 'decimalLiteral', data: { what: node.raw } });
      },
      BinaryExpression(node) {
        if (node.operator !== '/') return;
        const scope = context.sourceCode.getScope(node);
        if (!isBigint(node.left, scope) && !isBigint(node.right, scope))
          context.report({ node, messageId: 'division' });
      },
      AssignmentExpression(node) {
        if (node.operator !== '/=') return;
        const scope = context.sourceCode.getScope(node);
        if (!isBigint(node.left, scope) && !isBigint(node.right, scope))
          context.report({ node, messageId: 'division' });
      },
    };
  },
};

export default { meta: { name: 'vestora-money' }, rules: { 'no-float': noFloat } };
