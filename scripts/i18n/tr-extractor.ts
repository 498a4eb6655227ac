/**
 * A Lingui extractor for the `tr(id, message, values?)` descriptors (and the server's `tm`) of packages/contract and packages/server
 * (packages/contract/src/i18n.ts): the code there runs without a build step, so it cannot use Lingui's macros.
 * It reads the source with TypeScript's parser and reports every `tr` call; a call whose id or message is not a
 * string literal fails the extraction (a catalog cannot hold a computed text).
 */
import ts from 'typescript';

interface ExtractedMessage {
  id: string;
  message?: string;
  origin?: [filename: string, line: number, column?: number];
}

/** A string literal, or literals joined with `+` (a long message split over lines). */
function literal(node: ts.Expression | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  if (node && ts.isParenthesizedExpression(node)) return literal(node.expression);
  if (node && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literal(node.left);
    const right = literal(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

/** An extractor for calls of the function `name` (`tr` in the contract, `tm` for the server's own texts). */
export const callExtractor = (name: string) => ({
  match(filename: string): boolean {
    return /\.tsx?$/.test(filename) && !/\.test\.tsx?$/.test(filename) && !filename.includes('/test/');
  },
  extract(filename: string, code: string, onMessageExtracted: (msg: ExtractedMessage) => void): void {
    const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
        const [idArg, messageArg] = node.arguments;
        const id = literal(idArg);
        const message = literal(messageArg);
        const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
        if (id === undefined || message === undefined) {
          throw new Error(`${filename}:${line + 1}: ${name}() needs a literal id and message`);
        }
        onMessageExtracted({ id, message, origin: [filename, line + 1, character + 1] });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  },
});

/** The contract's and the server's error and validation messages (`tr`). */
export const trExtractor = callExtractor('tr');
