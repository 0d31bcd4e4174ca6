import type { ReactNode } from 'react';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:antd-static.css';
// Vite handles the module as CSS because its id ends in `.css`.
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * The antd components of the sign-in page, the shell and the pages people open every day (the
 * plant overview, lists, forms and their dialogs). Rendered once at build time, each registers
 * its whole style (open or not, a popup's too).
 */
const EVERYDAY_COMPONENTS = [
  'Alert',
  'Avatar',
  'Badge',
  'Breadcrumb',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'Collapse',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Image',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
] as const;

/**
 * antd's styles of the everyday components, generated at build time instead of on every visit:
 * generating them in the browser cost a plant overview several hundred milliseconds of main
 * thread on a phone. The CSS ends with antd's cache map: antd finds each of these styles there
 * and skips generating it; any other component (or another theme's hash) still gets its style
 * generated when it first renders. The styles refer to antd's CSS variables, which stay
 * generated in the browser from the theme tokens, so the dark theme and a brand's colour apply
 * as before.
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
  const components: ReactNode[] = EVERYDAY_COMPONENTS.map((name) =>
    createElement(antd[name] as React.ComponentType, { key: name }),
  );
  const signInForm: ReactNode = createElement(
    antd.Form,
    null,
    createElement(
      antd.Form.Item,
      { label: 'label' },
      createElement(antd.Input, { prefix: 'icon' }),
    ),
    createElement(antd.Input.Password),
    createElement(antd.Button, { type: 'primary' }),
  );
  const cache = createCache();
  renderToString(
    createElement(
      StyleProvider,
      { cache },
      createElement(antd.ConfigProvider, null, signInForm, ...components),
    ),
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
