import type { ReactNode } from 'react';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:antd-static.css';
// Vite handles the module as CSS because its id ends in `.css`.
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * antd's styles of the components the sign-in page shows, generated at build time instead of
 * on every visit. The CSS ends with antd's cache map: antd finds each of these styles there and
 * skips generating it in the browser; any other component still gets its style generated when
 * it first renders. The styles refer to antd's CSS variables, which stay generated in the
 * browser from the theme tokens, so the dark theme and a brand's colour apply as before.
 *
 * The modules load here, not at the top: antd's class names depend on NODE_ENV, which Vite sets
 * only after reading its config.
 */
export async function extractAntdStaticStyle(): Promise<string> {
  const [
    { createCache, extractStyle, StyleProvider },
    antd,
    { createElement },
    { renderToString },
  ] = await Promise.all([
    import('@ant-design/cssinjs'),
    import('antd'),
    import('react'),
    import('react-dom/server'),
  ]);
  const { Button, ConfigProvider, Form, Input, Space } = antd;
  const signInForm: ReactNode = createElement(
    Form,
    null,
    createElement(Form.Item, { label: 'label' }, createElement(Input, { prefix: 'icon' })),
    createElement(Input.Password),
    createElement(Button, { type: 'primary' }),
    createElement(Space),
  );
  const cache = createCache();
  renderToString(
    createElement(StyleProvider, { cache }, createElement(ConfigProvider, null, signInForm)),
  );
  return extractStyle(cache, { plain: true, types: 'style' });
}

/** Serves `virtual:antd-static.css` (see extractAntdStaticStyle). */
export function antdStaticStyle(): Plugin {
  return {
    name: 'antd-static-style',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? extractAntdStaticStyle() : undefined),
  };
}
