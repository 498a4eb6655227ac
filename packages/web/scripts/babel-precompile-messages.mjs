// Babel plugin, after Lingui's macro: the English text of every message (`{ id, message }` descriptors and
// `<Trans id message>`) is compiled at build time, as Lingui's CLI compiles a catalog. The browser then needs no
// ICU parser for English (that is ~7 KB gzip on every page) and English needs no catalog: the text stays in the
// code where it was written. Other languages load their compiled catalogs (src/i18n).
import { compileMessage } from '@lingui/message-utils/compileMessage';

// A descriptor, or the props the macro gives `<Trans>` as a spread object (with `components` for inline elements).
const DESCRIPTOR_KEYS = new Set(['id', 'message', 'values', 'comment', 'context', 'components']);

const keyName = (prop) =>
  prop.key &&
  (prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'StringLiteral' ? prop.key.value : undefined);

export default function precompileMessages({ types: t }) {
  const compile = (text) => t.valueToNode(compileMessage(text));
  return {
    name: 'vestora-precompile-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const props = path.node.properties;
              if (!props.every((p) => p.type === 'ObjectProperty' && DESCRIPTOR_KEYS.has(keyName(p)))) return;
              const id = props.find((p) => keyName(p) === 'id');
              const message = props.find((p) => keyName(p) === 'message');
              if (id?.value.type !== 'StringLiteral' || message?.value.type !== 'StringLiteral') return;
              message.value = compile(message.value.value);
            },
            JSXOpeningElement(path) {
              const attrs = path.node.attributes;
              const attr = (name) => attrs.find((a) => a.type === 'JSXAttribute' && a.name.name === name);
              // The macro writes `message="..."`, or `message={"..."}` when the text holds `<`, `{` or quotes.
              const text = (node) =>
                node?.type === 'StringLiteral'
                  ? node.value
                  : node?.type === 'JSXExpressionContainer' && node.expression.type === 'StringLiteral'
                    ? node.expression.value
                    : undefined;
              const id = attr('id');
              const message = attr('message');
              const english = text(message?.value);
              if (!id || english === undefined) return;
              message.value = t.jsxExpressionContainer(compile(english));
            },
          });
        },
      },
    },
  };
}
