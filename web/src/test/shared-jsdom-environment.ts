import { createRequire } from 'node:module';
import { type Environment, populateGlobal } from 'vitest/environments';
import { cheapComputedStyle } from './cheap-computed-style';

/** The parts of jsdom this environment uses (jsdom ships no types of its own). */
interface JsdomWindow {
  [key: string]: unknown;
}
interface Jsdom {
  window: JsdomWindow;
}
type JsdomConstructor = new (html: string, options: Record<string, unknown>) => Jsdom;

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: JsdomConstructor };
const SHARED_DOM = Symbol.for('solar.web-tests.jsdom');

/**
 * jsdom, one document per worker thread for all the web test files it runs. The files share
 * their modules (React, antd, i18next load once per worker, not once per file), and those
 * modules keep references to the window they first saw, so every file must see that same
 * window. Each file's tests clean the document up after themselves (`setup.ts`).
 */
function createJsdom(): Jsdom {
  const dom = new JSDOM('<!DOCTYPE html>', {
    pretendToBeVisual: true,
    runScripts: 'dangerously',
    url: 'http://localhost:3000',
  });
  const window = dom.window as unknown as Window;
  // jsdom implements no pseudo-element styles; antd asks for them when measuring scrollbars.
  const jsdomComputeStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = cheapComputedStyle(window, (element) => jsdomComputeStyle(element));
  return dom;
}

const sharedJsdom: Environment = {
  name: 'shared-jsdom',
  transformMode: 'web',
  setup(global: Record<PropertyKey, unknown>) {
    const dom = (global[SHARED_DOM] ??= createJsdom()) as Jsdom;
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    return {
      teardown(global: Record<PropertyKey, unknown>) {
        for (const key of keys) delete global[key];
        for (const [key, value] of originals) global[key] = value;
      },
    };
  },
};

export default sharedJsdom;
